# Sourced by scripts/bench: the window's frame time under Xvfb (software GL), from --dump-ui "frame_ms"
# (the mean measured work of the last 60 frames). Needs xvfb-run and the app built in $build.
# Prints one line a case; the figures are wall time of the app's own loop, so run it on a quiet machine.
window_frame_ms() {  # SCENARIO SCRIPT OUT.json -> prints frame_ms
  local scenario=$1 script=$2 dump=$3
  XDG_CONFIG_HOME="$out/config" xvfb-run -a -s "-screen 0 1600x900x24" "$build/bin/aoilab" \
    --scenario "$scenario" --script "$script" >"$out/app.log" 2>&1 || { cat "$out/app.log" >&2; return 1; }
  python3 - "$dump" "$scenario" <<'PY'
import json, sys
ui = json.load(open(sys.argv[1]))
if ui["errors"]:  # the scenario was refused: there is nothing to time
    sys.exit(f"{sys.argv[2]}: {ui['errors'][0]}")
print("%.1f" % ui["frame_ms"])
PY
}

run_window_bench() {
  local quick=$1 drag="$out/drag.script" pan="$out/pan.script" big="$out/crowd-100000.json"
  # Drag entity 1 of crowd-10000.json (at 456.9, 776.1) a pixel a frame for 120 frames; dump while dragging.
  { echo "5 move_world 456.9 776.1"; echo "7 press left"
    for f in $(seq 8 127); do echo "$f move_by 1 0"; done
    echo "128 dump $out/drag.json"; echo "129 release left"; echo "131 quit"; } > "$drag"
  # Pan with the right button for 60 frames, then 30 wheel steps in and 30 out; dump at the end. Run on
  # the 100,000 crowd, a file that opens on a worker thread: wait_ready holds the script until it is open.
  { echo "1 wait_ready"; echo "5 move 600 400"; echo "7 press right"
    for f in $(seq 8 67); do echo "$f move_by 3 2"; done
    echo "68 release right"
    for f in $(seq 70 99); do echo "$f wheel 1"; done
    for f in $(seq 100 129); do echo "$f wheel -1"; done
    echo "130 dump $out/pan.json"; echo "132 quit"; } > "$pan"
  echo "running: window frames (Xvfb 1600x900, default 1280x800 window)" >&2
  local empty crowd10k
  empty=$(window_frame_ms "$root/scenarios/default.json" "$drag" "$out/drag.json")
  crowd10k=$(window_frame_ms "$root/scenarios/crowd-10000.json" "$drag" "$out/drag.json")
  python3 -c 'import json, sys; got = json.load(open(sys.argv[1]))["selected"]; sys.exit(0 if got == 1 else f"the 10,000-entity drag took entity {got}, not 1")' \
    "$out/drag.json"
  echo
  echo "window (software GL under Xvfb; frame_ms = mean work of the last 60 frames):"
  echo "  default.json (12 entities), idle drag:    $empty ms"
  echo "  crowd-10000.json, dragging entity 1:    $crowd10k ms"
  if [[ $quick == 0 ]]; then
    python3 - "$big" <<'PY'
import json, random, sys
rng = random.Random(18)
entities = [{"id": i + 1, "x": round(rng.uniform(0, 20000), 1), "y": round(rng.uniform(0, 20000), 1), "radius": 100}
            for i in range(100000)]
json.dump({"format": "aoilab-scenario", "version": 1, "title": "100,000 entities",
           "world": {"width": 20000, "height": 20000}, "aoi": {"method": "grid"},
           "obstacles": {"cell_size": 100, "cells": []}, "entities": entities},
          open(sys.argv[1], "w"))
PY
    local crowd100k drag100k bigDrag="$out/drag100k.script"
    crowd100k=$(window_frame_ms "$big" "$pan" "$out/pan.json")
    python3 -c 'import sys; ms = float(sys.argv[1]); print(f"  100,000 entities, pan and zoom:        {ms} ms ({1000 / ms:.0f} frames a second)")' "$crowd100k"
    # Drag one of the 100,000 the same way as in the 10,000 crowd. Zoomed out to the whole world a pixel
    # is about 36 units, and ImGui floors the mouse to whole pixels, so the dragged entity must be one
    # whose nearest neighbour is more than 3 pixels away (otherwise the click may take the neighbour:
    # entity 1 was dragging entity 5719). The dump's "selected" proves which one was dragged.
    local picked id at
    picked=$(python3 - "$big" <<'PY'
import json, math, sys
entities = json.load(open(sys.argv[1]))["entities"]
apart = 3 * 20000 / 549  # 3 pixels in world units: the default canvas shows the world 549 pixels wide
cells = {}
for e in entities:
    cells.setdefault((int(e["x"] // apart), int(e["y"] // apart)), []).append(e)
def isolated(e):
    cx, cy = int(e["x"] // apart), int(e["y"] // apart)
    return all(o is e or math.hypot(o["x"] - e["x"], o["y"] - e["y"]) > apart
               for dx in (-1, 0, 1) for dy in (-1, 0, 1) for o in cells.get((cx + dx, cy + dy), []))
e = next(e for e in entities if 2000 < e["x"] < 18000 and 2000 < e["y"] < 18000 and isolated(e))
print(e["id"], e["x"], e["y"])
PY
)
    read -r id at <<<"$picked"
    { echo "1 wait_ready"; echo "5 move_world $at"; echo "7 press left"
      for f in $(seq 8 127); do echo "$f move_by 1 0"; done
      echo "128 dump $out/drag100k.json"; echo "129 release left"; echo "131 quit"; } > "$bigDrag"
    drag100k=$(window_frame_ms "$big" "$bigDrag" "$out/drag100k.json")
    python3 -c 'import json, sys; got = json.load(open(sys.argv[1]))["selected"]; sys.exit(0 if got == int(sys.argv[2]) else f"the 100,000-entity drag took entity {got}, not {sys.argv[2]}")' \
      "$out/drag100k.json" "$id"
    echo "  100,000 entities, dragging entity $id:  $drag100k ms"
  fi
}
