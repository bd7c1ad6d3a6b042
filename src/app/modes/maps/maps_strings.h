#pragma once
// The maps mode's part of the one string table (strings.h appends this list, so these ids live in the
// same Str enum and go through the same tr()). X(id, English, Chinese); strings with printf placeholders
// keep the same placeholders in the same order in both languages. Prefix ids with Maps to avoid clashes.
// clang-format off
#define AOILAB_MAPS_STRINGS(X)                                                                        \
    X(MapsIntro, "One map as flood-fill waypoints, quadtree regions, a navmesh and lookup tables.", "同一张地图的泛洪路点、四叉树区域、导航网格和查找表表示。")
// clang-format on
