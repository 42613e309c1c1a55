" isle for vim: the island in the status line, and :IsleJump with the
" document's ids to complete. The buffer as it is being edited goes to isle
" on standard input, so both follow unsaved changes.
"
"   set laststatus=2
"   set statusline=%f\ %{IsleStatus()}
"   :IsleJump <Tab>
if exists('g:loaded_isle')
  finish
endif
let g:loaded_isle = 1

" The buffer's format: standard input has no file name to tell it by.
function! s:from() abort
  return &filetype ==# 'html' ? 'html' : 'markdown'
endfunction

" The bar for the top line of the window; empty when isle finds nothing.
function! IsleStatus() abort
  if &filetype !=# 'markdown' && &filetype !=# 'html'
    return ''
  endif
  let l:bar = system('isle where --no-top --from ' . s:from() . ' --line ' . line('w0')
        \ . ' --viewport ' . winheight(0), getline(1, '$'))
  return v:shell_error ? '' : trim(l:bar)
endfunction

" The ids of the buffer's sections that start with what is typed.
function! IsleIds(lead, line, position) abort
  let l:rows = systemlist('isle toc --format tsv --no-path --max-level 6 --from ' . s:from(),
        \ getline(1, '$'))
  if v:shell_error
    return []
  endif
  let l:ids = map(l:rows[1:], {_, row -> get(split(row, "\t", 1), 3, '')})
  return filter(l:ids, {_, id -> id !=# '' && stridx(id, a:lead) == 0})
endfunction

" Moves the cursor to the section `target` names (an id, a number, a title,
" next, prev...), from where the cursor is; says so when there is none.
function! IsleJump(target) abort
  let l:line = system('isle jump --max-level 6 --from ' . s:from() . ' --line ' . line('.')
        \ . ' -- ' . shellescape(a:target), getline(1, '$'))
  if v:shell_error
    echohl WarningMsg | echomsg 'isle: no one section is ' . a:target | echohl None
    return 0
  endif
  execute 'normal! ' . str2nr(l:line) . 'G'
  return str2nr(l:line)
endfunction

command! -nargs=1 -complete=customlist,IsleIds IsleJump call IsleJump(<q-args>)
