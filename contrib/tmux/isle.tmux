# isle in tmux: source this from ~/.tmux.conf (source-file ~/.../isle.tmux).
# Name a window's document once:   tmux set -w @isle-document README.md
#
# prefix + I: pick a section of the document in a popup, then read it in
# less from there, in a new window (nothing happens when the pick is
# cancelled). The status line shows the document's contents bar.
bind-key I display-popup -E -d '#{pane_current_path}' \
  'doc="#{@isle-document}"; line=$(isle pick -- "$doc") && tmux new-window -c "#{pane_current_path}" "less +$line \"$doc\""'
set -ag status-right '#{?#{@isle-document}, #(cd "#{pane_current_path}" && isle toc --ascii --color never --width 40 "#{@isle-document}" 2>/dev/null | tail -n 1),}'
