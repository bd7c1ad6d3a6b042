#pragma once
// The search mode's part of the one string table (strings.h appends this list, so these ids live in the
// same Str enum and go through the same tr()). X(id, English, Chinese); strings with printf placeholders
// keep the same placeholders in the same order in both languages. Prefix ids with Search to avoid clashes.
// clang-format off
#define AOILAB_SEARCH_STRINGS(X)                                                                        \
    X(SearchIntro, "A*, Dijkstra, best-first and JPS on a grid map, one expansion at a time.", "在网格地图上逐次扩展地运行 A*、Dijkstra、最佳优先和 JPS。")
// clang-format on
