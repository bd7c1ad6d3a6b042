#pragma once
// The Crossover panel's part of the one string table (X(id, English, Chinese)).
// clang-format off
#define AOILAB_AOI_CROSSOVER_STRINGS(X)                                                                 \
    X(PanelCrossover, "Crossover", "交叉点")                                                              \
    X(CrossoverVary, "Vary", "变量")                                                                      \
    X(CrossoverEntities, "entities", "实体数")                                                            \
    X(CrossoverRadius, "view radius", "视野半径")                                                         \
    X(CrossoverMovers, "share moving", "移动比例")                                                        \
    X(CrossoverCluster, "clustering", "聚集度")                                                           \
    X(CrossoverFrom, "from", "从")                                                                        \
    X(CrossoverTo, "to", "到")                                                                            \
    X(CrossoverPoints, "points", "点数")                                                                  \
    X(CrossoverRun, "Run sweep", "运行扫描")                                                              \
    X(CrossoverCancel, "Cancel", "取消")                                                                  \
    X(TipCrossoverRun, "Runs every AOI method on the same random crowd at each value (the others fixed: 2,000 entities, radius 50, world 2,000, 5 ticks) in the background; the same as aoilab-cli bench sweep.", "在后台对每个取值用同一群随机实体运行所有 AOI 方法（其余固定：2000 个实体、半径 50、世界 2000、5 个逻辑帧）；与 aoilab-cli bench sweep 相同。") \
    X(CrossoverRunning, "Running: %d of %d runs", "运行中：%d / %d 次") \
    X(CrossoverCancelled, "Cancelled: the points finished so far are shown.", "已取消：显示已完成的点。")   \
    X(CrossoverNone, "Run a sweep to see which method wins where.", "运行一次扫描，看看各方法在哪里胜出。") \
    X(CrossoverAxis, "ns per move (log scale)", "每次移动的纳秒数（对数刻度）")                          \
    X(CrossoverAt, "%s overtakes %s at %s = %s (both %.0f ns per move)", "%s 超过 %s 之处：%s = %s（两者均为每次移动 %.0f 纳秒）") \
    X(CrossoverMark, "crossing", "交叉")                                                                  \
    X(CrossoverNoCrossing, "No crossover in this range.", "此范围内没有交叉点。")                          \
    X(CrossoverDiffer, "Checksums differ at some point: an exact method is wrong.", "某些点的校验和不同：有精确方法出错。") \
    X(CrossoverHover, "%s at %s = %s: %.1f ns per move", "%s 在 %s = %s 时：每次移动 %.1f 纳秒")
// clang-format on
