#compdef isle

_isle() {
  local -a commands
  commands=(
    'toc:the contents, with a reading time for each section'
    'where:the bar for a position\: section, place, how much is read'
    'jump:pick a section and say where it starts'
    'show:a section'\''s own text, for scripts and agents'
    'pick:the interactive island\: open, move, filter, pick'
    'read:read a document in a pager, with the island on the bottom row'
    'check:every link to a heading or a file resolves'
    'llms:a book'\''s llms.txt (or llms-full.txt) for language models'
    'lsp:a language server for editors, on stdin and stdout'
    'mcp:a Model Context Protocol server for agents, on stdin and stdout'
    'help:help on a command'
    'completions:a completion script for bash, zsh or fish'
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  local command=$words[2]
  shift words
  (( CURRENT-- ))
  case $command in
    toc)
      _arguments \
        '--from[markdown or html (default\: by name, then content)]:format:(markdown html)' \
        '--min-level[shallowest heading level shown (default 1)]:n:' \
        '--max-level[deepest heading level shown (default 3)]:n:' \
        '--slug[ids as this site makes them (default auto)]:flavor:(auto github gitlab pandoc mkdocs hugo kramdown docusaurus azure bitbucket gitea)' \
        '--wpm[reading speed in words a minute (default 238)]:n:' \
        '--max-size[largest document read (default 256M; K, M, G)]:bytes:' \
        '--max-nesting[deepest HTML nesting read (default 20000)]:n:' \
        '--max-columns[widest Markdown table read (default 1000)]:n:' \
        '--no-split[parse whole\: Markdown on one core, HTML with gumbo]' \
        '--within[HTML\: keep to this element (default auto)]:selector:' \
        '--jobs[read N documents at once (default\: the cores)]:n:' \
        '--hidden[walk hidden files and directories too]' \
        '--no-ignore[walk what .gitignore, .ignore and git excludes skip]' \
        '--files-from[the paths FILE lists, one a line (- for stdin)]:file:' \
        '--null[the list'\''s paths end in NUL]' \
        '--shard[only the K-th of N shares, by a hash of the path]:k/n:' \
        '--records[documents as JSON Lines on stdin, records out]' \
        '--with-path[name the document even when there is one]' \
        '--no-path[never name the document, however many]' \
        '--line[the reader is at line N (1-based)]:n:' \
        '--offset[the reader is at byte B (0-based)]:b:' \
        '--percent[the reader is P percent through (0-100)]:p:' \
        '--viewport[N lines are visible\: all is read once the end shows]:n:' \
        '--progress[the read fraction (0-1), as a pager knows it]:f:' \
        '--section[the reader is in section X (as jump names it)]:x:' \
        '--format[text, json, tsv or markdown]:format:(text json tsv markdown)' \
        '--width[draw at most N cells wide, wherever it goes]:n:' \
        '--max-width[widest it grows (default\: the terminal'\''s width)]:n:' \
        '--color[auto (default\: on a terminal), always or never]:when:(auto always never)' \
        '--accent[the accent\: a name (red, blue...) or #RRGGBB]:color:' \
        '--ascii[draw with ASCII alone]' \
        '--no-top[leave out the back-to-top mark]' \
        '--title[the contents title (default "Contents")]:text:' \
        '--preamble-text[the row before the first heading ("Introduction")]:text:' \
        '--position-text[the place on the bar (default "{n} of {count}")]:text:' \
        '--spoken-text[the place, spoken ("Section {n} of {count}")]:text:' \
        '--read-text[how much is read (default "{percent}% read")]:text:' \
        '--time-text[a time (default "{m} min")]:text:' \
        '--hours-text[a time past an hour ("{h} h {m} min")]:text:' \
        '--short-text[under half a minute (default "< 1 min")]:text:' \
        '--left-text[time left, spoken ("{m} minutes left")]:text:' \
        '--ordered=-[a numbered list\: 1. on every item, or counting up]::increment:(ones increment)' \
        '--details=-[fold the list in <details> (summary\: the --title)]::summary:' \
        '--include-title[list the document'\''s title heading too]' \
        '--base[with many documents, link paths relative to DIR]:dir:' \
        '--write[update the contents list between a file'\''s markers]' \
        '--check[change nothing; exit 1 naming stale files]' \
        '--diff[check, and print the diff of each stale list]' \
        '--after-markers[list only the headings after the list]' \
        '--stats[say on stderr whether each document was split]' \
        '--tokenizer[count tokens with this rank file or tokenizer.json]:file:' \
        '--book[read the folder as a book, 2-x before 10-x]' \
        '--help[show this help]' \
        '*:file:_files' ;;
    where)
      _arguments \
        '--from[markdown or html (default\: by name, then content)]:format:(markdown html)' \
        '--min-level[shallowest heading level shown (default 1)]:n:' \
        '--max-level[deepest heading level shown (default 3)]:n:' \
        '--slug[ids as this site makes them (default auto)]:flavor:(auto github gitlab pandoc mkdocs hugo kramdown docusaurus azure bitbucket gitea)' \
        '--wpm[reading speed in words a minute (default 238)]:n:' \
        '--max-size[largest document read (default 256M; K, M, G)]:bytes:' \
        '--max-nesting[deepest HTML nesting read (default 20000)]:n:' \
        '--max-columns[widest Markdown table read (default 1000)]:n:' \
        '--no-split[parse whole\: Markdown on one core, HTML with gumbo]' \
        '--within[HTML\: keep to this element (default auto)]:selector:' \
        '--files-from[the paths FILE lists, one a line (- for stdin)]:file:' \
        '--null[the list'\''s paths end in NUL]' \
        '--line[the reader is at line N (1-based)]:n:' \
        '--offset[the reader is at byte B (0-based)]:b:' \
        '--percent[the reader is P percent through (0-100)]:p:' \
        '--viewport[N lines are visible\: all is read once the end shows]:n:' \
        '--progress[the read fraction (0-1), as a pager knows it]:f:' \
        '--section[the reader is in section X (as jump names it)]:x:' \
        '--format[text (the bar), spoken or json]:format:(text spoken json)' \
        '--width[draw at most N cells wide, wherever it goes]:n:' \
        '--max-width[widest it grows (default\: the terminal'\''s width)]:n:' \
        '--color[auto (default\: on a terminal), always or never]:when:(auto always never)' \
        '--accent[the accent\: a name (red, blue...) or #RRGGBB]:color:' \
        '--ascii[draw with ASCII alone]' \
        '--no-top[leave out the back-to-top mark]' \
        '--title[the contents title (default "Contents")]:text:' \
        '--preamble-text[the row before the first heading ("Introduction")]:text:' \
        '--position-text[the place on the bar (default "{n} of {count}")]:text:' \
        '--spoken-text[the place, spoken ("Section {n} of {count}")]:text:' \
        '--read-text[how much is read (default "{percent}% read")]:text:' \
        '--time-text[a time (default "{m} min")]:text:' \
        '--hours-text[a time past an hour ("{h} h {m} min")]:text:' \
        '--short-text[under half a minute (default "< 1 min")]:text:' \
        '--left-text[time left, spoken ("{m} minutes left")]:text:' \
        '--book[read the folder as a book, 2-x before 10-x]' \
        '--file[the book'\''s chapter the position is in]:chapter:' \
        '--help[show this help]' \
        '*:file:_files' ;;
    jump)
      _arguments \
        '--from[markdown or html (default\: by name, then content)]:format:(markdown html)' \
        '--min-level[shallowest heading level shown (default 1)]:n:' \
        '--max-level[deepest heading level shown (default 3)]:n:' \
        '--slug[ids as this site makes them (default auto)]:flavor:(auto github gitlab pandoc mkdocs hugo kramdown docusaurus azure bitbucket gitea)' \
        '--wpm[reading speed in words a minute (default 238)]:n:' \
        '--max-size[largest document read (default 256M; K, M, G)]:bytes:' \
        '--max-nesting[deepest HTML nesting read (default 20000)]:n:' \
        '--max-columns[widest Markdown table read (default 1000)]:n:' \
        '--no-split[parse whole\: Markdown on one core, HTML with gumbo]' \
        '--within[HTML\: keep to this element (default auto)]:selector:' \
        '--files-from[the paths FILE lists, one a line (- for stdin)]:file:' \
        '--null[the list'\''s paths end in NUL]' \
        '--line[the reader is at line N (1-based)]:n:' \
        '--offset[the reader is at byte B (0-based)]:b:' \
        '--percent[the reader is P percent through (0-100)]:p:' \
        '--viewport[N lines are visible\: all is read once the end shows]:n:' \
        '--print[line (default), offset, id, bar or json]:what:(line offset id bar json)' \
        '--width[draw at most N cells wide, wherever it goes]:n:' \
        '--max-width[widest it grows (default\: the terminal'\''s width)]:n:' \
        '--color[auto (default\: on a terminal), always or never]:when:(auto always never)' \
        '--accent[the accent\: a name (red, blue...) or #RRGGBB]:color:' \
        '--ascii[draw with ASCII alone]' \
        '--no-top[leave out the back-to-top mark]' \
        '--title[the contents title (default "Contents")]:text:' \
        '--preamble-text[the row before the first heading ("Introduction")]:text:' \
        '--position-text[the place on the bar (default "{n} of {count}")]:text:' \
        '--spoken-text[the place, spoken ("Section {n} of {count}")]:text:' \
        '--read-text[how much is read (default "{percent}% read")]:text:' \
        '--time-text[a time (default "{m} min")]:text:' \
        '--hours-text[a time past an hour ("{h} h {m} min")]:text:' \
        '--short-text[under half a minute (default "< 1 min")]:text:' \
        '--left-text[time left, spoken ("{m} minutes left")]:text:' \
        '--help[show this help]' \
        '1:target:' \
        '*:file:_files' ;;
    show)
      _arguments \
        '--from[markdown or html (default\: by name, then content)]:format:(markdown html)' \
        '--min-level[shallowest heading level shown (default 1)]:n:' \
        '--max-level[deepest heading level shown (default 3)]:n:' \
        '--slug[ids as this site makes them (default auto)]:flavor:(auto github gitlab pandoc mkdocs hugo kramdown docusaurus azure bitbucket gitea)' \
        '--wpm[reading speed in words a minute (default 238)]:n:' \
        '--max-size[largest document read (default 256M; K, M, G)]:bytes:' \
        '--max-nesting[deepest HTML nesting read (default 20000)]:n:' \
        '--max-columns[widest Markdown table read (default 1000)]:n:' \
        '--no-split[parse whole\: Markdown on one core, HTML with gumbo]' \
        '--within[HTML\: keep to this element (default auto)]:selector:' \
        '--jobs[read N documents at once (default\: the cores)]:n:' \
        '--hidden[walk hidden files and directories too]' \
        '--no-ignore[walk what .gitignore, .ignore and git excludes skip]' \
        '--files-from[the paths FILE lists, one a line (- for stdin)]:file:' \
        '--null[the list'\''s paths end in NUL]' \
        '--shard[only the K-th of N shares, by a hash of the path]:k/n:' \
        '--records[documents as JSON Lines on stdin, records out]' \
        '--line[the section holding line N (repeatable)]:n:' \
        '--offset[the section holding byte B (repeatable)]:b:' \
        '--all[every section shown, and the text before the first]' \
        '--no-subsections[stop at the next heading of any level]' \
        '--body[leave out the section'\''s own heading]' \
        '--max-words[cut longer sections into parts at block boundaries]:n:' \
        '--tokenizer[count tokens with this rank file or tokenizer.json]:file:' \
        '--max-tokens[no embed over N tokens\: cut blocks, code, rows]:n:' \
        '--min-tokens[join a smaller section to its next sibling]:n:' \
        '--overlap[a part'\''s last N tokens begin the next'\''s embed]:n:' \
        '--context[the headings above a record in its embed]' \
        '--changed-since[only records new or changed since OLD, and gone]:old:' \
        '--format[markdown, html (as written), text (laid out) or json]:format:(text markdown html json jsonl)' \
        '--width[text\: lay out N cells wide (default 80)]:n:' \
        '--color[auto (default\: on a terminal), always or never]:when:(auto always never)' \
        '--ascii[draw with ASCII alone]' \
        '--help[show this help]' \
        '1:selector:' \
        '*:selector or file:_files' ;;
    pick)
      _arguments \
        '--from[markdown or html (default\: by name, then content)]:format:(markdown html)' \
        '--min-level[shallowest heading level shown (default 1)]:n:' \
        '--max-level[deepest heading level shown (default 3)]:n:' \
        '--slug[ids as this site makes them (default auto)]:flavor:(auto github gitlab pandoc mkdocs hugo kramdown docusaurus azure bitbucket gitea)' \
        '--wpm[reading speed in words a minute (default 238)]:n:' \
        '--max-size[largest document read (default 256M; K, M, G)]:bytes:' \
        '--max-nesting[deepest HTML nesting read (default 20000)]:n:' \
        '--max-columns[widest Markdown table read (default 1000)]:n:' \
        '--no-split[parse whole\: Markdown on one core, HTML with gumbo]' \
        '--within[HTML\: keep to this element (default auto)]:selector:' \
        '--files-from[the paths FILE lists, one a line (- for stdin)]:file:' \
        '--null[the list'\''s paths end in NUL]' \
        '--line[the reader is at line N (1-based)]:n:' \
        '--offset[the reader is at byte B (0-based)]:b:' \
        '--percent[the reader is P percent through (0-100)]:p:' \
        '--print[line (default), offset, id, bar or json]:what:(line offset id bar json)' \
        '--closed[start on the closed bar]' \
        '--reduce-motion[every change instant (also ISLE_REDUCE_MOTION=1)]' \
        '--width[draw at most N cells wide, wherever it goes]:n:' \
        '--max-width[widest it grows (default\: the terminal'\''s width)]:n:' \
        '--color[auto (default\: on a terminal), always or never]:when:(auto always never)' \
        '--accent[the accent\: a name (red, blue...) or #RRGGBB]:color:' \
        '--ascii[draw with ASCII alone]' \
        '--no-top[leave out the back-to-top mark]' \
        '--title[the contents title (default "Contents")]:text:' \
        '--preamble-text[the row before the first heading ("Introduction")]:text:' \
        '--position-text[the place on the bar (default "{n} of {count}")]:text:' \
        '--spoken-text[the place, spoken ("Section {n} of {count}")]:text:' \
        '--read-text[how much is read (default "{percent}% read")]:text:' \
        '--time-text[a time (default "{m} min")]:text:' \
        '--hours-text[a time past an hour ("{h} h {m} min")]:text:' \
        '--short-text[under half a minute (default "< 1 min")]:text:' \
        '--left-text[time left, spoken ("{m} minutes left")]:text:' \
        '--help[show this help]' \
        '*:file:_files' ;;
    read)
      _arguments \
        '--from[markdown or html (default\: by name, then content)]:format:(markdown html)' \
        '--min-level[shallowest heading level shown (default 1)]:n:' \
        '--max-level[deepest heading level shown (default 3)]:n:' \
        '--slug[ids as this site makes them (default auto)]:flavor:(auto github gitlab pandoc mkdocs hugo kramdown docusaurus azure bitbucket gitea)' \
        '--wpm[reading speed in words a minute (default 238)]:n:' \
        '--max-size[largest document read (default 256M; K, M, G)]:bytes:' \
        '--max-nesting[deepest HTML nesting read (default 20000)]:n:' \
        '--max-columns[widest Markdown table read (default 1000)]:n:' \
        '--no-split[parse whole\: Markdown on one core, HTML with gumbo]' \
        '--within[HTML\: keep to this element (default auto)]:selector:' \
        '--files-from[the paths FILE lists, one a line (- for stdin)]:file:' \
        '--null[the list'\''s paths end in NUL]' \
        '--line[the reader is at line N (1-based)]:n:' \
        '--offset[the reader is at byte B (0-based)]:b:' \
        '--percent[the reader is P percent through (0-100)]:p:' \
        '--section[open at section X (as jump names it)]:x:' \
        '--plain[show the source as it is, as less does]' \
        '--no-remember[neither return to nor keep the place left]' \
        '--no-front-matter[draw no front matter (else a table of its keys)]' \
        '--reduce-motion[every change instant (also ISLE_REDUCE_MOTION=1)]' \
        '--book[read the folder as a book, 2-x before 10-x]' \
        '--width[draw at most N cells wide, wherever it goes]:n:' \
        '--max-width[widest it grows (default\: the terminal'\''s width)]:n:' \
        '--color[auto (default\: on a terminal), always or never]:when:(auto always never)' \
        '--accent[the accent\: a name (red, blue...) or #RRGGBB]:color:' \
        '--ascii[draw with ASCII alone]' \
        '--no-top[leave out the back-to-top mark]' \
        '--title[the contents title (default "Contents")]:text:' \
        '--preamble-text[the row before the first heading ("Introduction")]:text:' \
        '--position-text[the place on the bar (default "{n} of {count}")]:text:' \
        '--spoken-text[the place, spoken ("Section {n} of {count}")]:text:' \
        '--read-text[how much is read (default "{percent}% read")]:text:' \
        '--time-text[a time (default "{m} min")]:text:' \
        '--hours-text[a time past an hour ("{h} h {m} min")]:text:' \
        '--short-text[under half a minute (default "< 1 min")]:text:' \
        '--left-text[time left, spoken ("{m} minutes left")]:text:' \
        '--help[show this help]' \
        '*:file:_files' ;;
    check)
      _arguments \
        '--from[markdown or html (default\: by name, then content)]:format:(markdown html)' \
        '--slug[ids as this site makes them (default auto)]:flavor:(auto github gitlab pandoc mkdocs hugo kramdown docusaurus azure bitbucket gitea)' \
        '--max-size[largest document read (default 256M; K, M, G)]:bytes:' \
        '--max-nesting[deepest HTML nesting read (default 20000)]:n:' \
        '--max-columns[widest Markdown table read (default 1000)]:n:' \
        '--no-split[parse whole\: Markdown on one core, HTML with gumbo]' \
        '--jobs[read N documents at once (default\: the cores)]:n:' \
        '--hidden[walk hidden files and directories too]' \
        '--no-ignore[walk what .gitignore, .ignore and git excludes skip]' \
        '--files-from[the paths FILE lists, one a line (- for stdin)]:file:' \
        '--null[the list'\''s paths end in NUL]' \
        '--shard[only the K-th of N shares, by a hash of the path]:k/n:' \
        '--records[documents as JSON Lines on stdin, records out]' \
        '--format[text, json, or for CI sarif, junit, github or gitlab]:format:(text json sarif junit github gitlab)' \
        '--changed[only documents changed since REF, and links to them]:ref:' \
        '--sites[fragments as each site renders them (github,mkdocs)]:sites:' \
        '--root[where /path links start (default\: the repository)]:dir:' \
        '--repository-url[check links to this repository'\''s files by URL]:url:' \
        '--fix[rewrite a fragment that has one close suggestion]' \
        '--exclude[leave out links whose path GLOB matches (repeatable)]:glob:' \
        '--stats[say on stderr how many links broke or were excluded]' \
        '--book[read the folder as a book, 2-x before 10-x]' \
        '--help[show this help]' \
        '*:file:_files' ;;
    llms)
      _arguments \
        '--wpm[reading speed in words a minute (default 238)]:n:' \
        '--max-size[largest document read (default 256M; K, M, G)]:bytes:' \
        '--full[write llms-full.txt\: every chapter'\''s text in order]' \
        '--max-tokens[cut llms-full.txt into files of at most N tokens]:n:' \
        '--base-url[links under URL, as the site serves the pages]:url:' \
        '--output[write FILE (default\: standard output)]:file:' \
        '--check[change nothing; exit 1 when the file differs]' \
        '--diff[check, and print the diff]' \
        '--jobs[read N documents at once (default\: the cores)]:n:' \
        '--help[show this help]' \
        '*:file:_files' ;;
    lsp)
      _arguments \
        '--min-level[shallowest heading level shown (default 1)]:n:' \
        '--max-level[deepest heading level shown (default 3)]:n:' \
        '--slug[ids as this site makes them (default auto)]:flavor:(auto github gitlab pandoc mkdocs hugo kramdown docusaurus azure bitbucket gitea)' \
        '--wpm[reading speed in words a minute (default 238)]:n:' \
        '--max-size[largest document read (default 256M; K, M, G)]:bytes:' \
        '--help[show this help]' \
        '*:file:_files' ;;
    mcp)
      _arguments \
        '--help[show this help]' \
        '*:file:_files' ;;
    help)
      _arguments \
        '--help[show this help]' \
        '1:command:(toc where jump show pick read check llms lsp mcp help completions)' ;;
    completions)
      _arguments \
        '--help[show this help]' \
        '1:shell:(bash zsh fish)' ;;
  esac
}

_isle "$@"
