#pragma once
// The AOI breakpoints and checks panel's part of the one string table (X(id, English, Chinese)).
// clang-format off
#define AOILAB_AOI_CHECK_STRINGS(X)                                                                     \
    X(PanelChecks, "Breakpoints and checks", "断点与检查")                                               \
    X(CheckBreakEnter, "Stopped: %s entered the view of %s.", "已停止：%s 进入了 %s 的视野。")           \
    X(CheckBreakDiffer, "Stopped: %s and %s give different events.", "已停止：%s 与 %s 的事件不同。")    \
    X(CheckBreakExpected, "Stopped: against the expected events, %d missing and %d extra.", "已停止：与预期事件相比，缺少 %d 个，多出 %d 个。") \
    X(CheckOnEnter, "Stop when this entity enters a view", "当这个实体进入视野时停止")                   \
    X(TipCheckOnEnter, "Play stops after the operation in which the entity (id) enters anyone's view, in the focused method.", "播放会在该实体（按编号）进入任何实体视野的那个操作之后停止（按当前方法）。") \
    X(CheckEntityId, "Entity id", "实体编号")                                                             \
    X(CheckOnDiffer, "Stop when two methods differ", "当两个方法不同时停止")                             \
    X(TipCheckOnDiffer, "Play stops at the first operation whose events differ between the two methods.", "播放会在两个方法的事件第一次不同的操作处停止。") \
    X(CheckOnExpected, "Stop when the expected events differ", "当与预期事件不同时停止")                 \
    X(TipCheckOnExpected, "Play stops when the focused method's events differ from the scenario's expected events.", "当当前方法的事件与场景的预期事件不同时，播放停止。") \
    X(CheckNoExpected, "This scenario has no expected events.", "这个场景没有预期事件。")               \
    X(CheckExpectedTitle, "Last operation against the expected events:", "上一个操作与预期事件对比：")   \
    X(CheckMatched, "matched %d", "一致 %d")                                                             \
    X(CheckMissing, "missing %d", "缺少 %d")                                                             \
    X(CheckExtra, "extra %d", "多出 %d")                                                                 \
    X(CheckNotScript, "(only operations of the scenario's script are checked)", "（只检查场景脚本中的操作）") \
    X(CheckLastStop, "Last stop: %s", "上次停止：%s")                                                   \
    X(AoiRecord, "Record", "录制")                                                                       \
    X(AoiRecordStop, "Stop recording", "停止录制")                                                       \
    X(TipAoiRecord, "Record: the timeline goes to its end and every edit you make (spawn, drag, delete, radius) is appended to the script, so Save writes a scenario that replays to the same events. Key: R.", "录制：时间轴跳到结尾，之后的每个编辑（生成、拖动、删除、半径）都追加到脚本中，保存的场景重放时得到相同的事件。按键：R。") \
    X(AoiRecordTick, "Tick", "逻辑帧")                                                                     \
    X(TipAoiRecordTick, "Append a tick to the recording (the grid's lazy super-view refreshes on ticks). Key: T.", "在录制中追加一个逻辑帧（网格的懒惰超视野在逻辑帧到来时刷新）。按键：T。")
// clang-format on
