#!/usr/bin/env bash
# The app never aborts on user input (docs/TESTING.md): plays a generated random input script
# (app_script_generator) in the real app for FRAMES frames on a copy of a scenario, then checks that the
# app exited cleanly, reached the end of the script, and saved a document that `aoilab-cli validate`
# accepts. Run under xvfb-run; everything it writes (saves, settings) stays in RUN_DIR.
#   app_input_fuzz.sh APP CLI GENERATOR SOURCE_DIR RUN_DIR SEED FRAMES
set -euo pipefail
app=$1 cli=$2 generator=$3 source=$4 run=$5 seed=$6 frames=$7
rm -rf "$run"
mkdir -p "$run/config"
cd "$run"
cp "$source/scenarios/crosslist-article.json" start.json
"$generator" "$seed" "$frames" 1280 800 final.json final-ui.json > fuzz.script
echo "seed $seed, $frames frames, $(grep -c . fuzz.script) script lines: $run/fuzz.script"
export XDG_CONFIG_HOME="$run/config"  # the font scales and panels it tries are not the user's settings
"$app" --size 1280x800 --scenario start.json --script fuzz.script
if [[ ! -f final.json || ! -f final-ui.json ]]; then
    echo "the app stopped before the end of the script (no final.json or final-ui.json)" >&2
    exit 1
fi
"$cli" validate final.json
