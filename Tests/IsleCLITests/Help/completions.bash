# bash completion for isle
_isle() {
  local cur prev
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "toc where jump show pick read check llms lsp mcp help completions --help --version" -- "$cur"))
    return
  fi
  local opts=""
  case "${COMP_WORDS[1]}" in
    toc) opts="--from --min-level --max-level --slug --wpm --max-size --max-nesting --max-columns --no-split --within --jobs --hidden --no-ignore --files-from --null -0 --shard --records --with-path -H --no-path --line --offset --percent --viewport --progress --section --format --width --max-width --color --accent --ascii --no-top --title --preamble-text --position-text --spoken-text --read-text --time-text --hours-text --short-text --left-text --ordered --details --include-title --base --write --check --diff --after-markers --stats --tokenizer --book --help -h" ;;
    where) opts="--from --min-level --max-level --slug --wpm --max-size --max-nesting --max-columns --no-split --within --files-from --null -0 --line --offset --percent --viewport --progress --section --format --width --max-width --color --accent --ascii --no-top --title --preamble-text --position-text --spoken-text --read-text --time-text --hours-text --short-text --left-text --book --file --help -h" ;;
    jump) opts="--from --min-level --max-level --slug --wpm --max-size --max-nesting --max-columns --no-split --within --files-from --null -0 --line --offset --percent --viewport --print --width --max-width --color --accent --ascii --no-top --title --preamble-text --position-text --spoken-text --read-text --time-text --hours-text --short-text --left-text --help -h" ;;
    show) opts="--from --min-level --max-level --slug --wpm --max-size --max-nesting --max-columns --no-split --within --jobs --hidden --no-ignore --files-from --null -0 --shard --records --line --offset --all --no-subsections --body --max-words --tokenizer --max-tokens --min-tokens --overlap --context --changed-since --format --width --color --ascii --help -h" ;;
    pick) opts="--from --min-level --max-level --slug --wpm --max-size --max-nesting --max-columns --no-split --within --files-from --null -0 --line --offset --percent --print --closed --reduce-motion --width --max-width --color --accent --ascii --no-top --title --preamble-text --position-text --spoken-text --read-text --time-text --hours-text --short-text --left-text --help -h" ;;
    read) opts="--from --min-level --max-level --slug --wpm --max-size --max-nesting --max-columns --no-split --within --files-from --null -0 --line --offset --percent --section --plain --no-remember --no-front-matter --reduce-motion --book --width --max-width --color --accent --ascii --no-top --title --preamble-text --position-text --spoken-text --read-text --time-text --hours-text --short-text --left-text --help -h" ;;
    check) opts="--from --slug --max-size --max-nesting --max-columns --no-split --jobs --hidden --no-ignore --files-from --null -0 --shard --records --format --changed --sites --root --repository-url --fix --exclude --stats --book --help -h" ;;
    llms) opts="--wpm --max-size --full --max-tokens --base-url --output --check --diff --jobs --help -h" ;;
    lsp) opts="--min-level --max-level --slug --wpm --max-size --help -h" ;;
    mcp) opts="--help -h" ;;
    help) opts="--help -h" ;;
    completions) opts="--help -h" ;;
  esac
  case "$prev" in
    --from) COMPREPLY=($(compgen -W "markdown html" -- "$cur")); return ;;
    --slug) COMPREPLY=($(compgen -W "auto github gitlab pandoc mkdocs hugo kramdown docusaurus azure bitbucket gitea" -- "$cur")); return ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --ordered) COMPREPLY=($(compgen -W "ones increment" -- "$cur")); return ;;
    --print) COMPREPLY=($(compgen -W "line offset id bar json" -- "$cur")); return ;;
    --format)
      case "${COMP_WORDS[1]}" in
        toc) COMPREPLY=($(compgen -W "text json tsv markdown" -- "$cur")) ;;
        where) COMPREPLY=($(compgen -W "text spoken json" -- "$cur")) ;;
        show) COMPREPLY=($(compgen -W "text markdown html json jsonl" -- "$cur")) ;;
        check) COMPREPLY=($(compgen -W "text json sarif junit github gitlab" -- "$cur")) ;;
      esac
      return ;;
    --accent|--base|--base-url|--changed|--changed-since|--exclude|--file|--files-from|--hours-text|--jobs|--left-text|--line|--max-columns|--max-level|--max-nesting|--max-size|--max-tokens|--max-width|--max-words|--min-level|--min-tokens|--offset|--output|--overlap|--percent|--position-text|--preamble-text|--progress|--read-text|--repository-url|--root|--section|--shard|--short-text|--sites|--spoken-text|--time-text|--title|--tokenizer|--viewport|--width|--within|--wpm) return ;;
  esac
  if [ "${COMP_WORDS[1]}" = completions ]; then
    COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return
  fi
  if [ "${COMP_WORDS[1]}" = help ]; then
    COMPREPLY=($(compgen -W "toc where jump show pick read check llms lsp mcp help completions" -- "$cur")); return
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _isle isle
