# isle in the shell: source this file from ~/.bashrc or ~/.zshrc.
#
#   isle_less TARGET DOC   open DOC in less at the section TARGET names
#   isle_edit DOC          pick a section, then open the editor there
#
# Each does nothing (and returns isle's status) when there is no such
# section or the pick is cancelled: the pager or editor starts only with a
# line to go to, never with a bare '+'. ISLE_PAGER and VISUAL/EDITOR
# choose the programs.

isle_less() {
  isle_line=$(isle jump -- "$1" "$2") && ${ISLE_PAGER:-less} +"$isle_line" "$2"
}

isle_edit() {
  isle_line=$(isle pick -- "$1") && ${VISUAL:-${EDITOR:-vi}} +"$isle_line" "$1"
}
