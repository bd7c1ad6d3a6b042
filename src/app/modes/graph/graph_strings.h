#pragma once
// The graph mode's part of the one string table (strings.h appends this list, so these ids live in the
// same Str enum and go through the same tr()). X(id, English, Chinese); strings with printf placeholders
// keep the same placeholders in the same order in both languages. Prefix ids with Graph to avoid clashes.
// clang-format off
#define AOILAB_GRAPH_STRINGS(X)                                                                        \
    X(GraphIntro, "The directed-graph map walk: place vertices, drag edges, walk the shortest path.", "有向图地图行走：放置顶点、拖出边、沿最短路径行走。")
// clang-format on
