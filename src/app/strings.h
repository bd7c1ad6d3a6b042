#pragma once
// Every UI string, in English and Chinese, in one table. Panels call tr(Str::X) and never hard-code text.
// Strings with printf placeholders keep the same placeholders in the same order in both languages.
#include <string>
#include <vector>

#include "app/modes/aoi/aoi_strings.h"  // the AOI panels' entries, appended to the table below
#include "app/modes/aoi/aoi_check_strings.h"
#include "app/modes/aoi/aoi_crossover_strings.h"
#include "app/modes/aoi/aoi_exercise_strings.h"
#include "app/modes/graph/graph_strings.h"    // each mode's own entries, appended likewise
#include "app/modes/maps/maps_strings.h"
#include "app/modes/search/search_strings.h"
#include "app/scene_strings.h"
#include "app/layout_strings.h"
#include "app/choice_names.h"

namespace aoilab::app {

enum class Language { English, Chinese };

// X(id, English, Chinese)
#define AOILAB_UI_STRINGS(X)                                                                             \
    X(AppTitle, "aoilab", "aoilab")                                                                      \
    X(MenuFile, "File", "文件")                                                                          \
    X(MenuNew, "New", "新建")                                                                            \
    X(MenuOpen, "Open...", "打开...")                                                                    \
    X(MenuSave, "Save", "保存")                                                                          \
    X(MenuSaveAs, "Save As...", "另存为...")                                                             \
    X(MenuCopyLink, "Copy link", "复制链接")                                                             \
    X(MenuRecent, "Recent files", "最近的文件")                                                          \
    X(MenuRecentNone, "(none)", "(无)")                                                                  \
    X(MenuRecentClear, "Clear the list", "清空列表")                                                     \
    X(MenuQuit, "Quit", "退出")                                                                          \
    X(MenuEdit, "Edit", "编辑")                                                                          \
    X(MenuUndo, "Undo", "撤销")                                                                          \
    X(MenuRedo, "Redo", "重做")                                                                          \
    X(EditAdd, "add entity %s", "添加实体 %s")                                                           \
    X(EditDelete, "delete entity %s", "删除实体 %s")                                                     \
    X(EditMove, "move entity %s", "移动实体 %s")                                                         \
    X(EditResize, "resize entity %s", "改变实体 %s 的半径")                                              \
    X(EditRadius, "radius of entity %s", "实体 %s 的半径")                                               \
    X(EditRename, "rename entity %s", "重命名实体 %s")                                                   \
    X(EditRecolour, "recolour entity %s", "更改实体 %s 的颜色")                                          \
    X(EditPaint, "paint obstacles", "画障碍")                                                            \
    X(EditErase, "erase obstacles", "擦除障碍")                                                          \
    X(MenuDeleteSelected, "Delete selected entity", "删除选中的实体")                                    \
    X(MenuView, "View", "视图")                                                                          \
    X(MenuPanels, "Panels", "面板")                                                                      \
    X(MenuGridLines, "Grid lines", "网格线")                                                             \
    X(MenuViewRanges, "View ranges", "视野范围")                                                         \
    X(MenuEntities, "Entities", "实体")                                                                  \
    X(MenuFrameWorld, "Frame the world", "显示整个世界")                                                 \
    X(MenuFontScale, "Font scale", "字体缩放")                                                           \
    X(MenuLanguage, "Language", "语言")                                                                  \
    X(LanguageEnglish, "English", "English")                                                             \
    X(LanguageChinese, "Chinese", "中文")  /* English: drawable without the Chinese font */             \
    X(MenuScenario, "Scenarios", "场景")                                                                  \
    X(MenuShape, "View shape", "视野形状")                                                               \
    X(ShapeSquare, "Square", "正方形")                                                                   \
    X(ShapeCircle, "Circle", "圆形")                                                                     \
    X(MenuHelp, "Help", "帮助")                                                                          \
    X(MenuShortcuts, "Shortcuts", "快捷键")                                                              \
    X(ToolSelect, "Select", "选择")                                                                      \
    X(ToolSpawn, "Spawn", "生成")                                                                        \
    X(ToolDelete, "Delete", "删除")                                                                      \
    X(ToolPaint, "Paint", "画障碍")                                                                      \
    X(ToolErase, "Erase", "擦障碍")                                                                      \
    X(TipSelect, "Click an entity to select it, drag it to move it. (V)",                                \
      "点击实体以选中，拖动以移动。(V)")                                                                 \
    X(TipSpawn, "Click on empty ground to add an entity there. (A)", "点击空地添加一个实体。(A)")        \
    X(TipDelete, "Click an entity to delete it. (D)", "点击实体将其删除。(D)")                           \
    X(TipPaint, "Click or drag to block obstacle cells. (B)", "点击或拖动以放置障碍格。(B)")             \
    X(TipErase, "Click or drag to clear obstacle cells. (E)", "点击或拖动以清除障碍格。(E)")             \
    X(PanelInspector, "Inspector", "属性")                                                               \
    X(PanelScenario, "Scenario", "场景")                                                                 \
    X(PanelErrors, "Errors", "错误")                                                                     \
    X(PanelShortcuts, "Shortcuts", "快捷键")                                                             \
    X(InspectorNone, "No entity selected: click one with the Select tool.",                              \
      "未选中实体：用选择工具点击一个实体。")                                                            \
    X(FieldId, "Id", "编号")                                                                             \
    X(FieldName, "Name", "名称")                                                                         \
    X(FieldX, "X", "X")                                                                                  \
    X(FieldY, "Y", "Y")                                                                                  \
    X(FieldRadius, "View radius", "视野半径")                                                            \
    X(FieldColor, "Colour", "颜色")                                                                      \
    X(TipRadius, "How far this entity sees; changing it sends enter/leave events for its own view.",     \
      "实体能看多远；修改它会为它自己的视野产生进入/离开事件。")                                         \
    X(DeleteEntity, "Delete entity", "删除实体")                                                         \
    X(ScenarioTitle, "Title", "标题")                                                                    \
    X(ScenarioFile, "File", "文件")                                                                      \
    X(ScenarioUnsaved, "(not saved)", "(未保存)")                                                        \
    X(ScenarioModified, "modified", "已修改")                                                            \
    X(ScenarioSize, "World size", "世界大小")                                                            \
    X(ScenarioShape, "View shape", "视野形状")                                                           \
    X(ScenarioMethod, "AOI method", "AOI 方法")                                                          \
    X(ScenarioEntities, "Entities", "实体")                                                              \
    X(ScenarioObstacles, "Obstacle cells", "障碍格")                                                     \
    X(ScenarioCellSize, "Obstacle cell size", "障碍格大小")                                              \
    X(ScenarioScript, "Script operations", "脚本操作")                                                   \
    X(ErrorsNone, "No errors.", "没有错误。")                                                            \
    X(ErrorsClear, "Clear", "清除")                                                                      \
    X(ErrorOpenFailed, "Could not open the file; the world is unchanged.", "无法打开文件；世界未改变。") \
    X(ErrorSaveFailed, "Could not save the file.", "无法保存文件。")                                     \
    X(ErrorLinkNotMade, "Could not make a link.", "无法生成链接。")                                      \
    X(ErrorLinkOpenFailed, "Could not open the link; the default scenario is shown.", "无法打开链接；显示默认场景。") \
    X(ErrorEditRejected, "Edit rejected.", "编辑被拒绝。")                                               \
    X(ErrorNoCjkFont, "Chinese font not found (%s): install fonts-wqy-microhei. Staying in English.",    \
      "找不到中文字体 (%s)：请安装 fonts-wqy-microhei。继续使用英文。")                                  \
    X(StatusEntities, "Entities: %d", "实体：%d")                                                        \
    X(StatusMethod, "Method: %s", "方法：%s")                                                            \
    X(StatusSelected, "Selected: %s", "选中：%s")                                                        \
    X(StatusNone, "none", "无")                                                                          \
    X(ErrorInWorkbench, "%s workbench: %s", "%s工作台：%s")                                              \
    X(WordInfinity, "infinity", "无穷大")                                                                \
    X(WordMinusInfinity, "-infinity", "负无穷大")                                                         \
    X(ExerciseRight, "right", "正确")                                                                    \
    X(ExerciseWrong, "not this time", "这次不对")                                                      \
    X(ExerciseNoGuess, "(none yet: click one)", "（还没有：请单击一个）")                              \
    X(StatusUnknownPanels, "The scenario names a panel this workbench does not have: %s", "场景指定了本工作台没有的面板：%s") \
    X(StatusFrame, "%.1f ms/frame", "%.1f 毫秒/帧")                                                      \
    X(StatusSaved, "Saved %s", "已保存 %s")                                                              \
    X(StatusLinkCopied, "Link copied (%s characters)", "已复制链接（%s 个字符）")                         \
    X(StatusLinkOpened, "Opened a shared link", "已打开分享的链接")                                      \
    X(StatusOpened, "Opened %s", "已打开 %s")                                                            \
    X(StatusOpening, "Opening %s...", "正在打开 %s……")                                                   \
    X(StatusStillOpening, "Still opening %s: wait for it or cancel it first", "仍在打开 %s：请等待或先取消") \
    X(StatusOpenCancelled, "Opening %s cancelled: the scenario shown is as it was", "已取消打开 %s：显示的场景保持原样") \
    X(OpeningTitle, "Opening %s", "正在打开 %s")                                                         \
    X(OpeningReading, "Reading the file (%s MiB)", "正在读取文件（%s MiB）")                             \
    X(OpeningPreparing, "Building every AOI method: %s of %s entities", "正在构建每种 AOI 方法：%s / %s 个实体") \
    X(OpeningProgress, "%d%%  %.0f s", "%d%%  %.0f 秒")                                                  \
    X(OpeningKeeps, "The scenario shown stays as it is until this is done; Cancel (Esc) keeps it.",      \
      "完成之前显示的场景保持不变；取消（Esc）则保留它。")                                             \
    X(OpeningCancel, "Cancel", "取消")                                                                   \
    X(PickerOpenTitle, "Open scenario", "打开场景")                                                      \
    X(PickerSaveTitle, "Save scenario as", "场景另存为")                                                 \
    X(PickerFolder, "Folder", "文件夹")                                                                  \
    X(PickerUp, "Up", "上一级")                                                                          \
    X(PickerFileName, "File name", "文件名")                                                             \
    X(PickerOpen, "Open", "打开")                                                                        \
    X(PickerSave, "Save", "保存")                                                                        \
    X(PickerCancel, "Cancel", "取消")                                                                    \
    X(PickerJsonOnly, "Only .json files", "只显示 .json 文件")                                           \
    X(PickerCannotList, "Cannot list this folder: %s", "无法列出该文件夹：%s")                           \
    X(TooltipEntity, "id %s  %s\nposition (%.2f, %.2f)\nview radius %.2f",                               \
      "编号 %s  %s\n位置 (%.2f, %.2f)\n视野半径 %.2f")                                                   \
    X(ShortcutsIntro, "Keys work when the scene has the focus.", "在场景中可用以下按键。")               \
    X(KeyPan, "Right or middle drag", "右键或中键拖动")                                                  \
    X(KeyPanDo, "pan the view", "平移视图")                                                              \
    X(KeyWheel, "Mouse wheel", "鼠标滚轮")                                                               \
    X(KeyWheelDo, "zoom at the cursor", "以光标为中心缩放")                                              \
    X(KeyFrameDo, "frame the whole world", "显示整个世界")                                               \
    X(KeyToolsDo, "select, spawn, delete, paint, erase", "选择、生成、删除、画障碍、擦障碍")             \
    X(KeyDeleteDo, "delete the selected entity", "删除选中的实体")                                       \
    X(KeyUndoDo, "undo", "撤销")                                                                         \
    X(KeyRedoDo, "redo", "重做")                                                                         \
    X(KeyOpenDo, "open a scenario", "打开场景")                                                          \
    X(KeySaveDo, "save the scenario", "保存场景")                                                        \
    X(KeyNewDo, "new empty scenario", "新建空场景")                                                      \
    X(KeyGridDo, "grid lines on or off", "打开或关闭网格线")                                             \
    X(KeyEntitiesDo, "entities on the scene on or off", "显示或隐藏场景中的实体")                        \
    X(KeyHelpDo, "this sheet", "显示本表")                                                               \
    X(PanelFloat, "Float as its own window", "作为独立窗口浮动")                                        \
    X(PanelDock, "Back into the side column", "放回右侧栏")                                              \
    X(DiscardTitle, "Unsaved changes", "未保存的修改")                                                  \
    X(DiscardText, "%s has changes that are not saved.", "%s 有未保存的修改。")                          \
    X(DiscardSave, "Save", "保存")                                                                       \
    X(DiscardDrop, "Discard changes", "放弃修改")                                                        \
    X(DiscardCancel, "Cancel", "取消")                                                                   \
    X(Close, "Close", "关闭")                                                                            \
    X(ExerciseHiddenUntilReveal, "Hidden until the answer is revealed: make your guess, then step (Right).", "揭晓答案前隐藏：先做出猜测，再单步（右方向键）。") \
    X(ModeAoi, "AOI", "AOI")                                                                             \
    X(ModeSearch, "Search", "寻路搜索")                                                                  \
    X(ModeMaps, "Maps", "地图表示")                                                                      \
    X(ModeGraph, "Graph", "有向图")                                                                      \
    X(MenuMode, "Workbench", "工作台")                                                                   \
    X(TipModeSwitch, "Switch the workbench (F1-F4). Each keeps its own state.", "切换工作台（F1-F4）。每个工作台保留自己的状态。") \
    X(ModeNotYet, "This workbench is not built yet.", "这个工作台尚未完成。")                            \
    X(UnitOperation, "operation", "操作")                                                                \
    X(UnitExpansion, "expansion", "扩展")                                                                \
    X(UnitBuildStep, "build step", "构建步骤")                                                           \
    X(UnitGraphStep, "step", "步骤")                                                                     \
    X(TimelinePosition, "%s %llu of %llu", "%s %llu / %llu")                                             \
    X(TimelineSpeed, "%.1f steps/s", "每秒 %.1f 步")                                                     \
    X(TimelineEmpty, "Nothing to play here.", "这里没有可播放的内容。")                                  \
    X(MenuLibraryNone, "(no scenarios folder found)", "(找不到场景文件夹)")                              \
    X(TipPanelUnfold, "Unfold this panel (right click: float or close)", "展开这个面板（右键：浮动或关闭）") \
    X(TipTimelineStart, "To the start (Home)", "回到开头（Home）")                                       \
    X(TipTimelineBack, "One step back (Left arrow)", "后退一步（左方向键）")                             \
    X(TipTimelinePlay, "Play or pause (Space)", "播放或暂停（空格）")                                    \
    X(TipTimelineStep, "One step forward (Right arrow or N)", "前进一步（右方向键或 N）")                \
    X(TipTimelineEnd, "To the end (End)", "跳到结尾（End）")                                             \
    X(TipTimelineSeek, "Drag to seek: the state is exactly the one reached by stepping from the start.", "拖动以跳转：状态与从头逐步执行到这里完全相同。") \
    X(TipTimelineSpeed, "Playback speed (- and +)", "播放速度（- 和 +）")                                \
    X(EditLockedTimeline, "Viewing step %llu of the script: edits change the starting world, so go to the start (Home) to edit.", "正在查看脚本的第 %llu 步：编辑会改变初始世界，请先回到开头（Home）再编辑。") \
    AOILAB_AOI_STRINGS(X)                                                                                \
    AOILAB_AOI_CHECK_STRINGS(X)                                                                          \
    AOILAB_AOI_CROSSOVER_STRINGS(X)                                                                      \
    AOILAB_AOI_EXERCISE_STRINGS(X)                                                                       \
    AOILAB_SEARCH_STRINGS(X)                                                                             \
    AOILAB_MAPS_STRINGS(X)                                                                               \
    AOILAB_GRAPH_STRINGS(X)                                                                              \
    AOILAB_SCENE_STRINGS(X)                                                                              \
    AOILAB_LAYOUT_STRINGS(X)                                                                             \
    AOILAB_CHOICE_NAME_STRINGS(X)

enum class Str {
#define AOILAB_STRING_ID(id, en, zh) id,
    AOILAB_UI_STRINGS(AOILAB_STRING_ID)
#undef AOILAB_STRING_ID
        Count
};

void setLanguage(Language language);
Language language();
const char* tr(Str id);
// A text a file carries in both languages (a scenario's title): the Chinese one when the UI speaks
// Chinese and the file has it, else the English one.
inline const std::string& inUiLanguage(const std::string& en, const std::string& zh) {
    return language() == Language::Chinese && !zh.empty() ? zh : en;
}
const char* tr(Str id, Language language);

// printf-style formatting of a table string: fmt(Str::StatusEntities, 12).
// Texts in English have their counts agree ("1 node", not "1 nodes": core/plural.h).
std::string fmt(Str id, ...);
std::string fmtIn(Language language, Str id, ...);  // fmt() in a given language

// Every string of one language, for building the font atlas with just the glyphs the UI needs.
std::vector<const char*> allStrings(Language language);

const char* languageCode(Language language);           // "en", "zh"
bool parseLanguage(const std::string& code, Language& out);

}  // namespace aoilab::app
