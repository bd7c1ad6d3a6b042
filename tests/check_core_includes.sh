#!/usr/bin/env bash
# Fails when a core folder includes ImGui, GLFW, glad or GL headers (the core must build without a
# display), or when an include points up the layers: core <- aoi, path <- scenario <- cli, app.
set -u
src=${1:?usage: check_core_includes.sh SRC_DIR}
status=0
leaks=$(grep -rnE '#[[:space:]]*include[[:space:]]*[<"]((imgui|GLFW|glad|GL)/|imgui|glad)' \
        "$src/core" "$src/aoi" "$src/path" "$src/scenario" 2>/dev/null)
if [[ -n $leaks ]]; then
  echo "UI headers included by the core (not allowed):"
  echo "$leaks"
  status=1
fi
upward() {  # folder, then the folders it must not include
  local folder=$1; shift
  for above in "$@"; do
    local hits
    hits=$(grep -rnE "#[[:space:]]*include[[:space:]]*\"$above/" "$src/$folder" 2>/dev/null)
    if [[ -n $hits ]]; then
      echo "$folder includes $above (layers: core <- aoi, path <- scenario <- cli, app):"
      echo "$hits"
      status=1
    fi
  done
}
upward core aoi path scenario cli app
upward aoi path scenario cli app
upward path aoi scenario cli app
upward scenario cli app
[[ $status -eq 0 ]] && echo "core is free of UI includes and its layers point down"
exit $status
