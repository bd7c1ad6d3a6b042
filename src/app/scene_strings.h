#pragma once
// The scene canvas's own words (the legend, snap to grid), appended to the table in strings.h.
// X(id, English, Chinese)
#define AOILAB_SCENE_STRINGS(X)                                                                          \
    X(SceneInView, "in the selected's view", "在选中者视野内")                                           \
    X(SceneWatches, "sees the selected", "看见选中者")                                                   \
    X(SceneBoth, "both", "双向")                                                                         \
    X(SceneSelected, "selected", "选中")                                                                 \
    X(SceneScenarioColour, "colour set in the scenario", "场景指定的颜色")                               \
    X(MenuSnapToGrid, "Snap to grid (whole units)", "对齐网格（整数坐标）")                              \
    X(TipSnapToGrid, "Dragged and new entities land on whole-number coordinates.", "拖动和新建的实体落在整数坐标上。")
