#!/usr/bin/env bash
# Fails when a core folder includes ImGui, GLFW, glad or GL headers: the core must build without a display.
set -u
src=${1:?usage: check_core_includes.sh SRC_DIR}
leaks=$(grep -rnE '#[[:space:]]*include[[:space:]]*[<"]((imgui|GLFW|glad|GL)/|imgui|glad)' \
        "$src/core" "$src/aoi" "$src/path" "$src/scenario" 2>/dev/null)
if [[ -n $leaks ]]; then
  echo "UI headers included by the core (not allowed):"
  echo "$leaks"
  exit 1
fi
echo "core is free of UI includes"
