// The app's parts that need no window: input scripts, flags, the string table and the settings file.
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/app_options.h"
#include "app/choice_names.h"
#include "app/document.h"
#include "app/input_script.h"
#include "app/lesson_focus.h"
#include "app/presentation.h"
#include "app/settings.h"
#include "app/strings.h"
#include "core/error.h"
#include "core/limits.h"

using namespace aoilab;
using namespace aoilab::app;

namespace {

std::string errorOf(const std::string& script) {
    try {
        parseInputScript(script, "t.script");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

AppOptions parse(std::vector<std::string> args) {
    args.insert(args.begin(), "aoilab");
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    return parseAppOptions(static_cast<int>(argv.size()), argv.data());
}

std::string flagError(std::vector<std::string> args) {
    try {
        parse(std::move(args));
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

// The printf conversions of a format string, in order ("%s%d").
std::string conversions(const char* format) {
    std::string out;
    for (const char* p = format; *p; ++p)
        if (*p == '%') {
            ++p;
            while (*p && std::string("0123456789.-+ ").find(*p) != std::string::npos) ++p;
            if (*p) out += *p;
        }
    return out;
}

}  // namespace

TEST(InputScript, ParsesEveryActionInFrameOrder) {
    auto events = parseInputScript(
        "# comment\n"
        "10 move 400 300\n"
        "5 move_world 20.5 30\n"
        "12 press left   # trailing comment\n"
        "15 release middle\n"
        "16 wheel -1\n"
        "20 key ctrl+shift+z\n"
        "21 key Delete\n"
        "30 save out.json\n"
        "31 open in.json\n"
        "32 dump ui.json\n"
        "33 screenshot a.png\n"
        "\n"
        "40 quit\n",
        "t.script");
    ASSERT_EQ(events.size(), 12u);
    EXPECT_EQ(events[0].kind, ScriptEvent::Kind::MoveWorld);  // frame 5 sorts before frame 10
    EXPECT_EQ(events[0].frame, 5);
    EXPECT_FLOAT_EQ(events[0].x, 20.5f);
    EXPECT_EQ(events[1].kind, ScriptEvent::Kind::Move);
    EXPECT_EQ(events[2].kind, ScriptEvent::Kind::Press);
    EXPECT_EQ(events[2].button, 0);
    EXPECT_EQ(events[3].button, 2);
    EXPECT_FLOAT_EQ(events[4].y, -1.0f);
    EXPECT_EQ(events[5].key, GLFW_KEY_Z);
    EXPECT_TRUE(events[5].ctrl);
    EXPECT_TRUE(events[5].shift);
    EXPECT_FALSE(events[5].alt);
    EXPECT_EQ(events[6].key, GLFW_KEY_DELETE);
    EXPECT_EQ(events[7].kind, ScriptEvent::Kind::Save);
    EXPECT_EQ(events[7].file, "out.json");
    EXPECT_EQ(events[8].kind, ScriptEvent::Kind::Open);
    EXPECT_EQ(events[9].kind, ScriptEvent::Kind::Dump);
    EXPECT_EQ(events[10].kind, ScriptEvent::Kind::Screenshot);
    EXPECT_EQ(events[11].kind, ScriptEvent::Kind::Quit);
    EXPECT_EQ(events[11].line, 14);
}

TEST(InputScript, RelativeMove) {
    auto events = parseInputScript("4 move_by -50 20.5\n", "t.script");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, ScriptEvent::Kind::MoveBy);
    EXPECT_FLOAT_EQ(events[0].x, -50.0f);
    EXPECT_FLOAT_EQ(events[0].y, 20.5f);
}

TEST(InputScript, TextTakesTheRestOfTheLine) {
    auto events = parseInputScript("4 text my file.json  \n", "t.script");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, ScriptEvent::Kind::Text);
    EXPECT_EQ(events[0].file, "my file.json");
    EXPECT_EQ(errorOf("4 text   \n"), "t.script:1: text: missing the characters to type");
}

TEST(InputScript, WaitReadyTakesNoArguments) {
    auto events = parseInputScript("2 open big.json\n3 wait_ready\n", "t.script");
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[1].kind, ScriptEvent::Kind::WaitReady);
    EXPECT_EQ(events[1].frame, 3);
    EXPECT_EQ(errorOf("3 wait_ready now\n"), "t.script:1: wait_ready: unexpected \"now\" at the end of the line");
}

TEST(InputScript, TheWorkGateActionsTakeNoArguments) {
    auto events = parseInputScript("0 hold_work\n1 wait_held\n5 release_work\n", "t.script");
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[0].kind, ScriptEvent::Kind::HoldWork);
    EXPECT_EQ(events[1].kind, ScriptEvent::Kind::WaitHeld);
    EXPECT_EQ(events[1].frame, 1);
    EXPECT_EQ(events[2].kind, ScriptEvent::Kind::ReleaseWork);
    EXPECT_EQ(errorOf("0 hold_work 3\n"), "t.script:1: hold_work: unexpected \"3\" at the end of the line");
    EXPECT_EQ(errorOf("2 release_work all\n"), "t.script:1: release_work: unexpected \"all\" at the end of the line");
}

TEST(InputScript, SameFrameKeepsFileOrder) {
    auto events = parseInputScript("3 move 1 1\n3 press left\n3 release left\n", "t.script");
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[0].kind, ScriptEvent::Kind::Move);
    EXPECT_EQ(events[1].kind, ScriptEvent::Kind::Press);
    EXPECT_EQ(events[2].kind, ScriptEvent::Kind::Release);
}

TEST(InputScript, ErrorsNameTheFileLineAndProblem) {
    EXPECT_EQ(errorOf("1 move 1 1\nx move 1 1\n"), "t.script:2: expected a frame number in [0, 1000000], got \"x\"");
    EXPECT_EQ(errorOf("-1 quit\n"), "t.script:1: expected a frame number in [0, 1000000], got \"-1\"");
    EXPECT_EQ(errorOf("1000001 quit\n"), "t.script:1: expected a frame number in [0, 1000000], got \"1000001\"");
    EXPECT_EQ(errorOf("1 jump\n"), "t.script:1: unknown action \"jump\" (expected move, move_by, move_world, press, release, "
                                   "wheel, resize, font_scale, key, text, save, open, wait_ready, hold_work, wait_held, "
                                   "release_work, dump, screenshot or quit)");
    EXPECT_EQ(errorOf("1 move 3\n"), "t.script:1: move: missing y");
    EXPECT_EQ(errorOf("1 move 3 abc\n"), "t.script:1: move: y must be a number, got \"abc\"");
    EXPECT_EQ(errorOf("1 press thumb\n"), "t.script:1: press: expected left, right or middle, got \"thumb\"");
    EXPECT_EQ(errorOf("1 key ctrl+wibble\n"), "t.script:1: key: unknown key name \"wibble\"");
    EXPECT_EQ(errorOf("1 save\n"), "t.script:1: save: missing file name");
    EXPECT_EQ(errorOf("1 quit now\n"), "t.script:1: quit: unexpected \"now\" at the end of the line");
    EXPECT_EQ(errorOf("1\n"), "t.script:1: missing action after the frame number");
}

TEST(InputScript, ResizeAndFontScale) {
    auto events = parseInputScript("5 resize 1024 700\n6 font_scale 2.5\n", "t.script");
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0].kind, ScriptEvent::Kind::Resize);
    EXPECT_EQ(events[0].x, 1024.0f);
    EXPECT_EQ(events[0].y, 700.0f);
    EXPECT_EQ(events[1].kind, ScriptEvent::Kind::FontScale);
    EXPECT_EQ(events[1].x, 2.5f);
}

TEST(InputScript, ResizeAndFontScaleKeepTheRangesOfTheirFlags) {
    EXPECT_EQ(errorOf("1 resize 319 700\n"), "t.script:1: resize: width must be a whole number in [320, 8192], got \"319\"");
    EXPECT_EQ(errorOf("1 resize 800 8193\n"), "t.script:1: resize: height must be a whole number in [240, 8192], got \"8193\"");
    EXPECT_EQ(errorOf("1 resize 800.5 600\n"), "t.script:1: resize: width must be a whole number in [320, 8192], got \"800.5\"");
    EXPECT_EQ(errorOf("1 resize 800\n"), "t.script:1: resize: missing height");
    EXPECT_EQ(errorOf("1 font_scale 0.4\n"), "t.script:1: font_scale: scale must be a number in [0.5, 4], got \"0.4\"");
    EXPECT_EQ(errorOf("1 font_scale nan\n"), "t.script:1: font_scale: scale must be a number, got \"nan\"");
}

TEST(InputScript, EveryNumberIsRangeChecked) {
    EXPECT_EQ(errorOf("1 move 100001 0\n"), "t.script:1: move: x must be a number in [-100000, 100000], got \"100001\"");
    EXPECT_EQ(errorOf("1 move_by 0 -1e6\n"), "t.script:1: move_by: y must be a number in [-100000, 100000], got \"-1e6\"");
    EXPECT_EQ(errorOf("1 move_world 2e9 0\n"), "t.script:1: move_world: x must be a number in [-1e+09, 1e+09], got \"2e9\"");
    EXPECT_EQ(errorOf("1 wheel 1e30\n"), "t.script:1: wheel: steps must be a number in [-100, 100], got \"1e30\"");
    EXPECT_EQ(errorOf("1 wheel 1e999\n"), "t.script:1: wheel: steps must be a number, got \"1e999\"");
    EXPECT_EQ(errorOf("99999999999 quit\n"), "t.script:1: expected a frame number in [0, 1000000], got \"99999999999\"");
}

TEST(InputScript, MissingFileIsAnInputError) {
    EXPECT_THROW(loadInputScript("/nonexistent/aoilab.script"), InputError);
}

TEST(InputScript, KeyNames) {
    EXPECT_EQ(keyCodeFromName("a"), GLFW_KEY_A);
    EXPECT_EQ(keyCodeFromName("Z"), GLFW_KEY_Z);
    EXPECT_EQ(keyCodeFromName("7"), GLFW_KEY_7);
    EXPECT_EQ(keyCodeFromName("f12"), GLFW_KEY_F12);
    EXPECT_EQ(keyCodeFromName("escape"), GLFW_KEY_ESCAPE);
    EXPECT_EQ(keyCodeFromName("f13"), -1);
    EXPECT_EQ(keyCodeFromName("hyper"), -1);
}

TEST(AppOptions, ParsesEveryFlag) {
    AppOptions o = parse({"--scenario", "s.json", "--screenshot", "o.png", "--frames", "5", "--font-scale", "1.5",
                          "--lang", "zh", "--script", "t.script", "--dump-ui", "u.json", "--size", "800x600"});
    EXPECT_EQ(o.scenario, "s.json");
    EXPECT_EQ(o.screenshot, "o.png");
    EXPECT_EQ(o.frames, 5);
    EXPECT_FLOAT_EQ(*o.fontScale, 1.5f);
    EXPECT_EQ(*o.language, Language::Chinese);
    EXPECT_EQ(o.script, "t.script");
    EXPECT_EQ(o.dumpUi, "u.json");
    EXPECT_EQ(o.width, 800);
    EXPECT_EQ(o.height, 600);
    EXPECT_TRUE(parse({"--help"}).help);
    EXPECT_FALSE(parse({}).language.has_value());
}

// Issue 40 item 20: the help names the diagonal rule as the CLI and the dump do, and the weights the
// app takes (0.5 is accepted: no "W >= 1").
TEST(AppOptions, TheHelpSaysWhatTheFlagsAccept) {
    const std::string help = aoilab::app::appUsage();
    EXPECT_NE(help.find("at-most-one"), std::string::npos);
    EXPECT_EQ(help.find("one-blocked"), std::string::npos);
    EXPECT_EQ(help.find("W >= 1"), std::string::npos);
    EXPECT_NE(help.find("W > 0"), std::string::npos);
}

TEST(AppOptions, BadFlagsSayWhatIsWrong) {
    EXPECT_EQ(flagError({"--lang", "fr"}), "--lang: expected en or zh, got \"fr\"");
    EXPECT_EQ(flagError({"--frames", "0"}), "--frames: expected an integer in [1, 1000000], got \"0\"");
    EXPECT_EQ(flagError({"--frames", "3x"}), "--frames: expected an integer in [1, 1000000], got \"3x\"");
    EXPECT_EQ(flagError({"--font-scale", "9"}), "--font-scale: expected a number in [0.5, 4], got \"9\"");
    EXPECT_EQ(flagError({"--screenshot", "a.png"}), "--screenshot needs --frames N");
    EXPECT_EQ(flagError({"--scenario"}), "--scenario: missing value");
    EXPECT_EQ(flagError({"--size", "big"}), "--size: expected WxH, got \"big\"");
    EXPECT_EQ(flagError({"--bogus"}), "unknown option \"--bogus\" (see --help)");
    EXPECT_EQ(flagError({"--link", "#s=AAAA", "--scenario", "s.json"}), "--link and --scenario both name a scenario: give one");
    EXPECT_EQ(parse({"--link", "#s=AAAA"}).link, "#s=AAAA");
}

TEST(Strings, EveryStringHasBothLanguagesWithTheSamePlaceholders) {
    auto en = allStrings(Language::English);
    auto zh = allStrings(Language::Chinese);
    ASSERT_EQ(en.size(), zh.size());
    ASSERT_EQ(en.size(), static_cast<std::size_t>(Str::Count));
    for (std::size_t i = 0; i < en.size(); ++i) {
        EXPECT_STRNE(en[i], "") << i;
        EXPECT_STRNE(zh[i], "") << i;
        EXPECT_EQ(conversions(en[i]), conversions(zh[i])) << en[i] << " / " << zh[i];
    }
    EXPECT_STREQ(tr(Str::MenuFile, Language::Chinese), "文件");
}

TEST(Strings, LanguageSwitchAndFormatting) {
    setLanguage(Language::Chinese);
    EXPECT_EQ(fmt(Str::StatusEntities, 12), "实体：12");
    setLanguage(Language::English);
    EXPECT_EQ(fmt(Str::StatusEntities, 12), "Entities: 12");
    Language lang;
    EXPECT_TRUE(parseLanguage("zh", lang));
    EXPECT_EQ(lang, Language::Chinese);
    EXPECT_FALSE(parseLanguage("de", lang));
}

TEST(Settings, RoundTripAndRecentList) {
    auto dir = std::filesystem::temp_directory_path() / ("aoilab_settings_" + std::to_string(::getpid()));
    auto file = dir / "settings.json";
    Settings s;
    s.language = Language::Chinese;
    s.fontScale = 2.0f;
    s.showGrid = false;
    s.sideWidthEm = 30;
    for (int i = 0; i < 10; ++i) s.addRecent("f" + std::to_string(i) + ".json");
    s.addRecent("f5.json");  // moves to the front, no duplicate
    s.panelVisible["inspector"] = false;
    saveSettings(s, file);
    Settings back = loadSettings(file);
    EXPECT_EQ(back.language, Language::Chinese);
    EXPECT_FLOAT_EQ(back.fontScale, 2.0f);
    EXPECT_FALSE(back.showGrid);
    EXPECT_FLOAT_EQ(back.sideWidthEm, 30);
    ASSERT_EQ(back.recentFiles.size(), 8u);
    EXPECT_EQ(back.recentFiles[0], "f5.json");
    EXPECT_EQ(back.recentFiles[1], "f9.json");
    EXPECT_FALSE(back.panelVisible.at("inspector"));
    std::filesystem::remove_all(dir);
}

TEST(Settings, BrokenOrMissingFileGivesDefaults) {
    auto dir = std::filesystem::temp_directory_path() / ("aoilab_settings_bad_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "settings.json") << "{\"font_scale\": \"huge\", \"language\": \"zh\", \"show_grid\": 3";
    Settings s = loadSettings(dir / "settings.json");
    EXPECT_FLOAT_EQ(s.fontScale, 1.0f);
    EXPECT_EQ(s.language, Language::English);  // the whole file is unreadable JSON
    std::ofstream(dir / "settings.json") << "{\"font_scale\": 99, \"language\": \"zh\", \"show_grid\": 3}";
    s = loadSettings(dir / "settings.json");
    EXPECT_FLOAT_EQ(s.fontScale, 4.0f);  // clamped
    EXPECT_EQ(s.language, Language::Chinese);
    EXPECT_TRUE(s.showGrid);  // wrong type: default kept
    EXPECT_EQ(loadSettings(dir / "missing.json").fontScale, 1.0f);
    std::filesystem::remove_all(dir);
}

TEST(Settings, ValuesOutsideTheirRangesAreClampedOrDropped) {
    Settings s = parseSettings(R"({"font_scale": 1e300, "side_width_em": -3, "modes": [1], "recent_files": [1, "a"]})");
    EXPECT_EQ(s.fontScale, 4.0f);
    EXPECT_EQ(s.sideWidthEm, 0.0f);
    EXPECT_TRUE(s.modes.is_object());
    EXPECT_EQ(s.recentFiles, std::vector<std::string>{"a"});
    EXPECT_EQ(parseSettings("[[[[").fontScale, 1.0f);
}

TEST(Settings, ADirectoryOrAnOversizedFileGivesDefaults) {
    auto dir = std::filesystem::temp_directory_path() / ("aoilab_settings_big_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir / "settings.json");  // a folder where the file should be
    EXPECT_EQ(loadSettings(dir / "settings.json").fontScale, 1.0f);
    {
        std::ofstream big(dir / "big.json");
        big << "{\"font_scale\": 2, \"pad\": \"" << std::string(kMaxSettingsBytes, 'x') << "\"}";
    }
    EXPECT_EQ(loadSettings(dir / "big.json").fontScale, 1.0f);
    std::filesystem::remove_all(dir);
}

TEST(Settings, ConfigDirectoryFollowsXdg) {
    const char* old = std::getenv("XDG_CONFIG_HOME");
    std::string saved = old ? old : "";
    setenv("XDG_CONFIG_HOME", "/tmp/xdgtest", 1);
    EXPECT_EQ(configDirectory(), std::filesystem::path("/tmp/xdgtest/aoilab"));
    unsetenv("XDG_CONFIG_HOME");
    if (const char* home = std::getenv("HOME")) {
        EXPECT_EQ(configDirectory(), std::filesystem::path(home) / ".config" / "aoilab");
    }
    if (old) setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
}

// The document behind the window: all-or-nothing open, dirty tracking, save.
TEST(Document, FailedOpenKeepsEverything) {
    Document doc;
    doc.open(std::string(AOILAB_SOURCE_DIR) + "/tests/data/window/coloured.json");
    doc.history().moveEntity(1, 20, 20);
    ASSERT_TRUE(doc.dirty());
    World before = doc.world();
    auto path = doc.path();
    try {
        doc.open(std::string(AOILAB_SOURCE_DIR) + "/tests/data/bad/x_not_number.json");
        FAIL() << "a malformed file opened";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("x_not_number.json: /entities/3/x: expected a number, got \"abc\""),
                  std::string::npos)
            << e.what();
    }
    EXPECT_TRUE(doc.world() == before);
    EXPECT_EQ(doc.path(), path);
    EXPECT_TRUE(doc.dirty());
    EXPECT_TRUE(doc.history().canUndo());
}

TEST(Document, SaveClearsDirtyAndOpenResetsHistory) {
    auto dir = std::filesystem::temp_directory_path() / ("aoilab_doc_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    Document doc;
    EXPECT_FALSE(doc.dirty());
    EXPECT_EQ(doc.world().size(), 0u);
    doc.open(std::string(AOILAB_SOURCE_DIR) + "/tests/data/window/coloured.json");
    EXPECT_EQ(doc.world().size(), 4u);
    EXPECT_FALSE(doc.history().canUndo());
    doc.history().setRadius(7, 3);
    doc.setShape(ViewShape::Circle);
    EXPECT_TRUE(doc.dirty());
    doc.save(dir / "out.json");
    EXPECT_FALSE(doc.dirty());
    EXPECT_EQ(doc.path(), dir / "out.json");
    Scenario back = loadScenario(dir / "out.json");
    EXPECT_EQ(back.aoi.shape, ViewShape::Circle);
    EXPECT_EQ(back.entities.at(3).radius, 3);
    EXPECT_EQ(back.title, "Window test: own colours, square view");  // settings kept
    doc.history().undo();
    EXPECT_TRUE(doc.dirty());  // undo after a save changes the world again
    doc.reset();
    EXPECT_EQ(doc.world().size(), 0u);
    EXPECT_TRUE(doc.path().empty());
    EXPECT_FALSE(doc.dirty());
    std::filesystem::remove_all(dir);
}

// A function key with an enormous number is a bad key name, not an uncaught exception.
TEST(InputScript, AnEnormousFunctionKeyIsABadKeyName) {
    EXPECT_EQ(errorOf("1 key f99999999999999999999\n"), "t.script:1: key: unknown key name \"f99999999999999999999\"");
    EXPECT_EQ(errorOf("1 key f9999\n"), "t.script:1: key: unknown key name \"f9999\"");
    auto events = parseInputScript("1 key f12\n", "t.script");
    ASSERT_EQ(events.size(), 1u);
}

// Issue 38: --screenshot and --dump-ui onto a file the run reads (--scenario, --script, --map, --graph)
// are refused when the flags are read, before any work, through a link, `..` or a hard link too.
TEST(AppOptions, AnOutputOntoAnInputIsRefusedBeforeAnyWork) {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / ("aoilab_outputs_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "sub");
    const std::string scenario = (dir / "s.json").string();
    std::ofstream(scenario) << "{}";
    fs::create_symlink(scenario, dir / "link.json");
    fs::create_hard_link(scenario, dir / "hard.json");
    std::ofstream(dir / "t.script") << "1 quit\n";
    for (const fs::path& alias : {fs::path(scenario), dir / "link.json", dir / "hard.json", dir / "sub" / ".." / "s.json"}) {
        std::string error = flagError({"--scenario", scenario, "--dump-ui", alias.string()});
        EXPECT_NE(error.find("--dump-ui: " + alias.string() + ": is the input"), std::string::npos) << error;
        error = flagError({"--scenario", scenario, "--frames", "2", "--screenshot", alias.string()});
        EXPECT_NE(error.find("--screenshot: "), std::string::npos) << error;
    }
    EXPECT_NE(flagError({"--script", (dir / "t.script").string(), "--dump-ui", (dir / "t.script").string()}).find("is the input"),
              std::string::npos);
    EXPECT_NE(flagError({"--graph", scenario, "--dump-ui", scenario}).find("is the input"), std::string::npos);
    EXPECT_EQ(flagError({"--scenario", scenario, "--dump-ui", (dir / "ui.json").string()}), "");
    fs::remove_all(dir);
}

// Text a script types or names goes to the UI and to messages: bytes that are not UTF-8 are refused.
// Issue 38, class 9: a value echoed in a message is cut short, so the message stays one line without
// the 400 digits it was given.
TEST(InputScript, AnEnormousValueIsCutShortInItsMessage) {
    const std::string digits = "1" + std::string(400, '0');
    for (const std::string& message : {errorOf(digits + " move 1 1\n"), errorOf("1 move " + digits + " 1\n"),
                                       errorOf("1 key " + digits + "\n"), flagError({"--frames", digits}),
                                       flagError({"--font-scale", digits}), flagError({"--weight", digits})}) {
        EXPECT_FALSE(message.empty());
        EXPECT_LE(message.size(), 160u) << message;
        EXPECT_EQ(message.find("00000000000"), std::string::npos) << message;
        EXPECT_NE(message.find("... (401 characters)"), std::string::npos) << message;
    }
}

TEST(InputScript, BytesThatAreNotUtf8AreRefusedWithTheLine) {
    std::string error = errorOf("1 move 1 1\n2 text caf\xE9\n");
    EXPECT_NE(error.find("t.script: line 2, column 11: a byte that is not UTF-8 (\\xE9)"), std::string::npos) << error;
}

// The presentation layout (app/presentation.h): which windows get it by themselves, and the tabs' order.
TEST(PresentationLayout, IsOnWhenTheWindowIsSmallForItsFont) {
    // 1280x720 at font scale 2 (32-pixel text): 40 x 22.5 em, a projector at the back row's size.
    EXPECT_EQ(automaticLayout(1280, 720, 32), LayoutKind::Presentation);
    EXPECT_EQ(automaticLayout(1024, 768, 32), LayoutKind::Presentation);
    // 1600x900 at font scale 1 (16-pixel text): 100 x 56 em, the side layout as before.
    EXPECT_EQ(automaticLayout(1600, 900, 16), LayoutKind::Side);
    EXPECT_EQ(automaticLayout(1280, 800, 16), LayoutKind::Side);  // the default window
    // Either side under the threshold is enough: a wide but short window, a tall but narrow one.
    EXPECT_EQ(automaticLayout(64 * 16, 36 * 16, 16), LayoutKind::Side);
    EXPECT_EQ(automaticLayout(64 * 16 - 1, 2000, 16), LayoutKind::Presentation);
    EXPECT_EQ(automaticLayout(4000, 36 * 16 - 1, 16), LayoutKind::Presentation);
    EXPECT_EQ(automaticLayout(1280, 720, 0), LayoutKind::Side);  // no font yet: nothing to decide from
}

TEST(PresentationLayout, NamesAndTheLayoutFlag) {
    EXPECT_EQ(layoutNamed("presentation"), LayoutKind::Presentation);
    EXPECT_EQ(layoutNamed("side"), LayoutKind::Side);
    EXPECT_FALSE(layoutNamed("auto").has_value());
    EXPECT_STREQ(layoutName(LayoutKind::Presentation), "presentation");
    EXPECT_STREQ(layoutName(LayoutKind::Side), "side");
    EXPECT_EQ(parse({}).layout, "auto");
    EXPECT_EQ(parse({"--layout", "presentation"}).layout, "presentation");
    EXPECT_EQ(parse({"--layout", "side"}).layout, "side");
    EXPECT_NE(flagError({"--layout", "tabs"}).find("--layout: expected presentation, side or auto, got \"tabs\""), std::string::npos);
}

TEST(PresentationLayout, TheLessonsOwnPanelIsTheFirstTab) {
    // The exercise first, then the lesson's panels in their order, then the other panels shown in theirs.
    EXPECT_EQ(tabOrder({"lists", "events", "compare", "aoi_exercise", "inspector"}, {"aoi_exercise", "lists", "events", "compare"}),
              (std::vector<std::string>{"aoi_exercise", "lists", "events", "compare", "inspector"}));
    EXPECT_EQ(tabOrder({"lists", "grid", "aoi_exercise"}, {"grid", "lists"}),
              (std::vector<std::string>{"aoi_exercise", "grid", "lists"}));
    // Without an exercise: the first of the lesson's panels that is shown.
    EXPECT_EQ(tabOrder({"search_settings", "search_stats", "scenario"}, {"missing", "search_stats"}),
              (std::vector<std::string>{"search_stats", "search_settings", "scenario"}));
    // No lesson: the View menu's order.
    EXPECT_EQ(tabOrder({"maps", "maps_table"}, {}), (std::vector<std::string>{"maps", "maps_table"}));
    EXPECT_TRUE(tabOrder({}, {"lists"}).empty());  // a lesson panel that is not shown is no tab
    // The supporting panels after the teaching ones, unless the lesson names them.
    EXPECT_EQ(tabOrder({"inspector", "aoi", "lists", "scenario"}, {}, {"inspector", "scenario"}),
              (std::vector<std::string>{"aoi", "lists", "inspector", "scenario"}));
    EXPECT_EQ(tabOrder({"search_settings", "search_stats"}, {"search_settings"}, {"search_settings"}),
              (std::vector<std::string>{"search_settings", "search_stats"}));
}

TEST(PresentationLayout, LinesThatFit) {
    EXPECT_EQ(linesThatFit(320, 40), 8);
    EXPECT_EQ(linesThatFit(319.6f, 40), 8);  // half a pixel of rounding
    EXPECT_EQ(linesThatFit(319, 40), 7);
    EXPECT_EQ(linesThatFit(0, 40), 0);
    EXPECT_EQ(linesThatFit(100, 0), 0);
}

TEST(PresentationLayout, WholeLinesBetweenCountsOnlyTheLinesAScrolledAreaShowsWhole) {
    EXPECT_EQ(wholeLinesBetween(100, 200, 20, 0, 300), 5);     // all five inside
    EXPECT_EQ(wholeLinesBetween(100, 200, 20, 0, 150), 2);     // the third is cut by the bottom edge
    EXPECT_EQ(wholeLinesBetween(100, 200, 20, 130, 300), 3);   // scrolled: the first two above the top
    EXPECT_EQ(wholeLinesBetween(100, 200, 20, 100.4f, 199.6f), 5);  // half a pixel of rounding
    EXPECT_EQ(wholeLinesBetween(100, 200, 20, 300, 400), 0);   // scrolled out of view
    EXPECT_EQ(wholeLinesBetween(100, 100, 20, 0, 300), 0);
    EXPECT_EQ(wholeLinesBetween(100, 200, 0, 0, 300), 0);
}

// The part of an AOI world a lesson is about (app/lesson_focus.h).
TEST(LessonFocus, FramesEntitiesKeptToACornerAndTheWorldWhenTheySpread) {
    const Rect world{0, 0, 100, 100};
    Scenario corner;
    Entity a;
    a.id = 1, a.x = 50, a.y = 50, a.radius = 10;
    Entity b;
    b.id = 2, b.x = 65, b.y = 50, b.radius = 0;
    corner.entities = {a, b};
    ScriptOp move;
    move.kind = OpKind::Move;
    move.entity.id = 2, move.entity.x = 70, move.entity.y = 52;
    corner.script = {move};
    // x: 40 (a's range) to 71 (b moved to 70, reach 1); y: 40 to 60; a tenth of margin on each side.
    const Rect focus = lessonFocus(corner, world);
    EXPECT_NEAR(focus.minX, 40 - 3.1, 1e-9);
    EXPECT_NEAR(focus.maxX, 71 + 3.1, 1e-9);
    EXPECT_NEAR(focus.minY, 40 - 2, 1e-9);
    EXPECT_NEAR(focus.maxY, 60 + 2, 1e-9);
    // Spread over the world (more than a quarter of it): the world.
    Scenario spread;
    Entity c = a, d = b;
    c.x = 5, c.y = 5, d.x = 90, d.y = 95;
    spread.entities = {c, d};
    const Rect all = lessonFocus(spread, world);
    EXPECT_EQ(all.minX, 0);
    EXPECT_EQ(all.maxX, 100);
    EXPECT_EQ(all.maxY, 100);
    // Obstacles: the world (the walls are part of the lesson).
    Scenario walled = corner;
    walled.obstacles = {Cell{1, 1}};  // (column, row)
    EXPECT_EQ(lessonFocus(walled, world).maxX, 100);
    // No entity: the world; a range past the world's edge is cut at it.
    EXPECT_EQ(lessonFocus(Scenario{}, world).maxX, 100);
    Scenario edge;
    Entity e = a;
    e.x = 2, e.y = 2, e.radius = 5;
    edge.entities = {e};
    EXPECT_EQ(lessonFocus(edge, world).minX, 0);
    EXPECT_NEAR(lessonFocus(edge, world).maxX, 7 + 1, 1e-9);
}

// The names a class reads for the search's ids (app/choice_names.h), in both languages.
TEST(ChoiceNames, PickersShowNamesNotIds) {
    setLanguage(Language::English);
    EXPECT_STREQ(choiceName("astar"), "A*");
    EXPECT_STREQ(choiceName("no-corner-cutting"), "No corner cutting");
    EXPECT_STREQ(choiceName("octile"), "Octile");
    EXPECT_STREQ(choiceName("bfs"), "Breadth-first");
    setLanguage(Language::Chinese);
    EXPECT_STREQ(choiceName("manhattan"), "曼哈顿距离");
    EXPECT_STREQ(choiceName("never"), "从不（四方向）");
    setLanguage(Language::English);
    EXPECT_STREQ(choiceName("a-future-rule"), "a-future-rule");  // an id without a name: as it is
}
