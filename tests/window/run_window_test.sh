#!/bin/sh
# One window test case: runs the app (under the X server xvfb-run gave us) with a scenario, a script,
# --screenshot and --dump-ui, then asks window_check about the result.
# usage: run_window_test.sh CASE APP WINDOW_CHECK SOURCE_DIR WORK_DIR
set -eu
case_name=$1 app=$2 check=$3 src=$4 work=$5/$1
data=$src/tests/data/window
rm -rf "$work"
mkdir -p "$work"
# Settings and imgui.ini of this run only: nothing leaks in from the user or from other tests.
export XDG_CONFIG_HOME="$work/config"

# Scripts name their files relative to the run's folder.
run_app() { (cd "$work" && "$app" --size 1280x800 "$@"); }

case $case_name in
default_screenshot)  # (a) the default scenario's entities are drawn at their places in their colours
    run_app --scenario "$src/scenarios/default.json" --frames 3 --screenshot "$work/shot.png" --dump-ui "$work/ui.json"
    "$check" entities-drawn "$work/shot.png" "$work/ui.json" "$src/scenarios/default.json"
    # imgui.ini and settings.json live under $XDG_CONFIG_HOME/aoilab/, and nothing else is written.
    [ -s "$work/config/aoilab/imgui.ini" ] && [ -s "$work/config/aoilab/settings.json" ]
    extra=$(ls -A "$work" | grep -v -x -e config -e shot.png -e ui.json || true)
    if [ -n "$extra" ]; then echo "FAIL: unexpected files in the run folder: $extra" >&2; exit 1; fi
    ;;
coloured_square_screenshot)  # (a) own colours and square view ranges, at a projector font scale
    run_app --scenario "$data/coloured.json" --font-scale 1.5 --frames 3 --screenshot "$work/shot.png" --dump-ui "$work/ui.json"
    "$check" entities-drawn "$work/shot.png" "$work/ui.json" "$data/coloured.json"
    "$check" dump-value "$work/ui.json" /font_scale 1.5
    ;;
drag_and_save)  # (b) a scripted drag moves entity 1 (ash) from (14, 18) to (40, 45); Ctrl+S saves it
    cp "$src/scenarios/default.json" "$work/scenario.json"
    run_app --scenario "$work/scenario.json" --script "$data/drag.script" --frames 40 --dump-ui "$work/ui.json"
    "$check" saved-position "$work/scenario.json" 1 40 45 0.25
    "$check" dump-value "$work/ui.json" /document/dirty false
    "$check" dump-value "$work/ui.json" /selected 1
    ;;
drag_undo)  # (b) the same drag, then Ctrl+Z: the saved file has the entity back where it was
    cp "$src/scenarios/default.json" "$work/scenario.json"
    run_app --scenario "$work/scenario.json" --script "$data/drag_undo.script" --frames 40 --dump-ui "$work/ui.json"
    "$check" saved-position "$work/after_drag.json" 1 40 45 0.25
    "$check" saved-position "$work/scenario.json" 1 14 18 0
    "$check" dump-value "$work/ui.json" /document/can_redo true
    ;;
bad_file_keeps_world)  # (c) opening a malformed file shows its error and keeps the open world
    cp "$src/tests/data/bad/x_not_number.json" "$work/"
    run_app --scenario "$src/scenarios/default.json" --script "$data/open_bad.script" --frames 12 \
        --screenshot "$work/shot.png" --dump-ui "$work/ui.json"
    "$check" error-shown "$work/ui.json" "x_not_number.json" '/entities/3/x: expected a number, got "abc"'
    "$check" same-world "$work/ui.json" "$src/scenarios/default.json"
    "$check" dump-value "$work/ui.json" /document/path "\"$src/scenarios/default.json\""
    ;;
bad_file_at_start)  # (c) --scenario with a malformed file: the error shows, the app starts on an empty world
    run_app --scenario "$src/tests/data/bad/negative_radius.json" --frames 3 --dump-ui "$work/ui.json"
    "$check" error-shown "$work/ui.json" "negative_radius.json" "/entities/0/radius: -1 is out of range"
    "$check" dump-value "$work/ui.json" /entities '[]'
    ;;
chinese_glyphs)  # (d) --lang zh draws Chinese glyphs, not '?' boxes
    run_app --scenario "$src/scenarios/default.json" --lang zh --frames 3 --screenshot "$work/zh.png" --dump-ui "$work/zh.json"
    run_app --scenario "$src/scenarios/default.json" --lang zh --debug-no-cjk-glyphs --frames 3 \
        --screenshot "$work/boxes.png" --dump-ui "$work/boxes.json"
    "$check" chinese-glyphs "$work/zh.png" "$work/zh.json" "$work/boxes.png" "$work/boxes.json"
    ;;
missing_cjk_font)  # without the Chinese font, --lang zh says so and stays in English
    AOILAB_CJK_FONT=/nonexistent/wqy.ttc run_app --lang zh --frames 3 --dump-ui "$work/ui.json"
    "$check" dump-value "$work/ui.json" /language '"en"'
    "$check" dump-value "$work/ui.json" /missing_glyphs 0
    "$check" error-shown "$work/ui.json" "Chinese font not found (/nonexistent/wqy.ttc)" "fonts-wqy-microhei"
    ;;
zoom_pan_frame)  # the wheel zooms at the cursor, a right drag pans, F frames the world again
    run_app --scenario "$src/scenarios/default.json" --script "$data/zoom_pan.script" --frames 40
    "$check" zoom-pan "$work/before.json" "$work/zoomed.json" "$work/panned.json" "$work/framed.json"
    ;;
unsaved_guard)  # New with unsaved changes asks first; Escape cancels and keeps the edited world
    run_app --scenario "$src/scenarios/default.json" --script "$data/unsaved.script" --frames 30
    "$check" dump-value "$work/asked.json" /discard_prompt true
    "$check" saved-position "$work/asked.json" 1 40 45 0.25
    "$check" dump-value "$work/cancelled.json" /discard_prompt false
    "$check" dump-value "$work/cancelled.json" /document/dirty true
    "$check" saved-position "$work/cancelled.json" 1 40 45 0.25
    ;;
paint_spawn_delete)  # the tools by keyboard: paint two cells, spawn, Delete key, undo, erase a cell, delete tool
    run_app --scenario "$data/coloured.json" --script "$data/tools.script" --frames 60 --dump-ui "$work/ui.json"
    "$check" saved-position "$work/spawned.json" 8 50 50 0.25
    "$check" dump-value "$work/ui.json" /document/obstacles 1
    "$check" dump-value "$work/ui.json" /entities/3/id 8
    "$check" dump-value "$work/ui.json" /tool '"delete"'
    "$check" dump-value "$work/ui.json" /document/entity_count 4
    ;;
real_input_drag)  # the real GLFW input path: xdotool drags ash with the mouse and presses Ctrl+S
    command -v xdotool > /dev/null || { echo "SKIP: xdotool is not installed"; exit 77; }
    cp "$src/scenarios/default.json" "$work/scenario.json"
    run_app --scenario "$work/scenario.json" --frames 2 --dump-ui "$work/layout.json"
    set -- $("$check" screen-of "$work/layout.json" 1)
    x=$1 y=$2
    # The drag in screen pixels: ash goes from (14, 18) to (40, 45) at the framing's scale.
    set -- $("$check" world-delta-pixels "$work/layout.json" 26 27)
    dx=$1 dy=$2
    (cd "$work" && exec "$app" --size 1280x800 --scenario "$work/scenario.json") &
    pid=$!
    # Wait until the window is mapped and viewable (--onlyvisible): focusing a window that is not
    # viewable yet is an X error (BadMatch on X_SetInputFocus), which made this test flaky.
    window=$(timeout 20 xdotool search --sync --onlyvisible --name "^aoilab" 2>/dev/null | head -1) || true
    [ -n "$window" ] || { kill $pid; echo "FAIL: no visible aoilab window" >&2; exit 1; }
    for i in $(seq 20); do xdotool windowfocus --sync "$window" 2>/dev/null && break; sleep 0.2; done
    sleep 0.5
    xdotool mousemove "$x" "$y"; sleep 0.2
    xdotool mousedown 1; sleep 0.2
    # Two moves, so the app sees a drag (and not a jump) between its frames.
    xdotool mousemove_relative -- $((dx / 2)) $((dy / 2)); sleep 0.2
    xdotool mousemove_relative -- $((dx - dx / 2)) $((dy - dy / 2)); sleep 0.2
    xdotool mouseup 1; sleep 0.2
    # Hold the keys across frames (ImGui 1.86 has no input queue: a tap inside one frame is lost).
    xdotool keydown ctrl+s; sleep 0.2; xdotool keyup ctrl+s
    for i in $(seq 50); do grep -q '"x": 14,' "$work/scenario.json" || break; sleep 0.1; done
    kill $pid; wait $pid || true
    "$check" saved-position "$work/scenario.json" 1 40 45 0.3
    ;;
hidpi_content_scale)  # Xft.dpi 192 gives a content scale of 2: text and widgets twice as large
    command -v xrdb > /dev/null || { echo "SKIP: xrdb is not installed (x11-xserver-utils)"; exit 77; }
    run_app --frames 2 --dump-ui "$work/normal.json"
    echo "Xft.dpi: 192" | xrdb -merge
    run_app --frames 2 --dump-ui "$work/hidpi.json"
    "$check" dump-value "$work/hidpi.json" /content_scale '[2.0, 2.0]'
    "$check" ratio "$work/normal.json" "$work/hidpi.json" /font_size 2
    ;;
file_picker_open)  # Ctrl+O opens the picker in the scenario's folder; typing a name and Enter opens it
    cp "$data/coloured.json" "$work/start.json"
    cp "$src/scenarios/default.json" "$work/other.json"
    run_app --scenario "$work/start.json" --script "$data/picker.script" --frames 30 --dump-ui "$work/ui.json"
    "$check" dump-value "$work/picker.json" /picker '"open"'
    "$check" dump-value "$work/picker.json" /document/entity_count 4
    "$check" dump-value "$work/ui.json" /picker null
    "$check" dump-value "$work/ui.json" /document/path "\"$work/other.json\""
    "$check" same-world "$work/ui.json" "$work/other.json"
    ;;
play_space)  # Space plays the scenario's script, one operation every 0.4 s, and stops at its end
    printf '5 move 640 400\n6 key space\n' > "$work/play.script"
    run_app --scenario "$src/scenarios/crosslist-article.json" --script "$work/play.script" --frames 20 --dump-ui "$work/early.json"
    "$check" dump-value "$work/early.json" /aoi/script_cursor 0
    run_app --scenario "$src/scenarios/crosslist-article.json" --script "$work/play.script" --frames 120 --dump-ui "$work/ui.json"
    "$check" dump-value "$work/ui.json" /aoi/script_cursor 3
    ;;
flags)  # --help, bad flags and bad scripts are reported with exit codes 0 and 2
    run_app --help > "$work/help.txt"
    grep -q -- "--screenshot OUT.png" "$work/help.txt"
    set +e
    run_app --lang fr 2> "$work/lang.txt"; lang=$?
    run_app --screenshot x.png 2> "$work/frames.txt"; frames=$?
    run_app --script "$data/bad.script" --frames 2 2> "$work/script.txt"; script=$?
    set -e
    [ $lang -eq 2 ] && grep -q 'expected en or zh, got "fr"' "$work/lang.txt"
    [ $frames -eq 2 ] && grep -q -- "--screenshot needs --frames N" "$work/frames.txt"
    [ $script -eq 2 ] && grep -q 'bad.script:3: unknown action "jump"' "$work/script.txt"
    echo "ok: flags"
    ;;
*)
    echo "unknown case $case_name" >&2
    exit 2
    ;;
esac
