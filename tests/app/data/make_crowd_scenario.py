#!/usr/bin/env python3
"""Writes a crowd scenario for the frame-time measurement: N entities (default 10,000) spread over a
square world, radii 20..40, deterministic (seeded). usage: make_crowd_scenario.py OUT.json [N] [WORLD]"""
import json
import random
import sys

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
world = float(sys.argv[3]) if len(sys.argv) > 3 else 3000.0
rng = random.Random(7)
entities = [{"id": i, "x": round(rng.uniform(0, world), 1), "y": round(rng.uniform(0, world), 1),
             "radius": rng.choice([20, 25, 30, 35, 40])} for i in range(1, count + 1)]
entities[0].update({"name": "dragged", "x": world / 2, "y": world / 2, "radius": 40})
scenario = {"format": "aoilab-scenario", "version": 1, "title": f"A crowd of {count}",
            "world": {"width": world, "height": world},
            "aoi": {"shape": "circle", "method": "grid"}, "entities": entities}
with open(out, "w") as f:
    json.dump(scenario, f)
