// Checks for the window tests: reads the app's screenshots (stb_image from libstb) and its UI dumps
// (--dump-ui) and scenario files, and exits 1 with a message naming what differs.
//
//   window_check entities-drawn SHOT.png DUMP.json SCENARIO.json
//   window_check saved-position SCENARIO.json ID X Y TOLERANCE
//   window_check same-world DUMP.json SCENARIO.json
//   window_check error-shown DUMP.json TEXT...
//   window_check chinese-glyphs ZH.png ZH.json BOXES.png BOXES.json
//   window_check zoom-pan BEFORE.json ZOOMED.json PANNED.json FRAMED.json
//   window_check dump-value DUMP.json /json/pointer EXPECTED_JSON
//   window_check screen-of DUMP.json ID
//   window_check world-delta-pixels DUMP.json DX DY
//   window_check ratio A.json B.json /json/pointer RATIO
#include <stb_image.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

using nlohmann::json;

namespace {

struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

json readJson(const std::string& file) {
    std::ifstream in(file);
    if (!in) throw Failure(file + ": cannot open");
    try {
        return json::parse(in);
    } catch (const json::exception& e) {
        throw Failure(file + ": " + e.what());
    }
}

struct Image {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
    explicit Image(const std::string& file) {
        int channels = 0;
        unsigned char* data = stbi_load(file.c_str(), &width, &height, &channels, 3);
        if (!data) throw Failure(file + ": cannot read the PNG");
        rgb.assign(data, data + static_cast<std::size_t>(width) * height * 3);
        stbi_image_free(data);
    }
    const unsigned char* at(int x, int y) const {
        if (x < 0 || y < 0 || x >= width || y >= height) throw Failure("pixel outside the image");
        return &rgb[(static_cast<std::size_t>(y) * width + x) * 3];
    }
};

unsigned parseHex(const std::string& hex) { return static_cast<unsigned>(std::stoul(hex.substr(1, 6), nullptr, 16)); }

int colourDistance(const unsigned char* p, unsigned hex) {
    int d = 0;
    for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(p[c] - static_cast<int>((hex >> (16 - 8 * c)) & 0xFF)));
    return d;
}

std::string describe(const unsigned char* p) {
    char text[16];
    std::snprintf(text, sizeof text, "#%02X%02X%02X", p[0], p[1], p[2]);
    return text;
}

// Every entity of the scenario file is in the dump, and its dot is drawn at its screen place in its colour;
// the view frames the whole world in the middle of the canvas (the deterministic mapping).
void entitiesDrawn(const std::string& shot, const std::string& dumpFile, const std::string& scenarioFile) {
    Image image(shot);
    json dump = readJson(dumpFile);
    json scenario = readJson(scenarioFile);
    const json& entities = dump.at("entities");
    if (entities.size() != scenario.at("entities").size() || entities.empty())
        throw Failure("the app shows " + std::to_string(entities.size()) + " entities, the file has " +
                      std::to_string(scenario.at("entities").size()));
    // The framing: the world as large as fits with a 6% margin in the canvas less the axis numbers'
    // strip along the top (1.2 em, the first of canvas.axis_boxes) and their 2.5-em column on the left.
    double minX = dump["canvas"]["min"][0], minY = dump["canvas"]["min"][1];
    double maxX = dump["canvas"]["max"][0], maxY = dump["canvas"]["max"][1];
    double w = scenario["world"]["width"], h = scenario["world"]["height"];
    double ppu = dump["canvas"]["pixels_per_unit"];
    const json& strip = dump["canvas"]["axis_boxes"].at(0);
    const double em = (strip[3].get<double>() - strip[1].get<double>()) / 1.2;
    const double top = std::min(1.2 * em, (maxY - minY) / 4), left = std::min(2.5 * em, (maxX - minX) / 4);
    double expectPpu = std::min((maxX - minX - left) * 0.88 / w, (maxY - minY - top) * 0.88 / h);
    if (std::fabs(ppu - expectPpu) > expectPpu * 0.01)
        throw Failure("scale " + std::to_string(ppu) + " px/unit, expected " + std::to_string(expectPpu));
    double dot = dump["canvas"]["dot_radius"];
    for (std::size_t i = 0; i < entities.size(); ++i) {
        const json& e = entities[i];
        const json& f = scenario["entities"][i];
        if (e["id"] != f["id"] || std::fabs(e["x"].get<double>() - f["x"].get<double>()) > 1e-9 ||
            std::fabs(e["y"].get<double>() - f["y"].get<double>()) > 1e-9)
            throw Failure("entity " + e["id"].dump() + " differs from the file's entity " + f["id"].dump());
        // The world's centre at the centre of the canvas less the axis numbers.
        double sx = (minX + left + maxX) / 2 + (e["x"].get<double>() - w / 2) * ppu;
        double sy = (minY + top + maxY) / 2 + (e["y"].get<double>() - h / 2) * ppu;
        if (std::fabs(sx - e["screen"][0].get<double>()) > 1 || std::fabs(sy - e["screen"][1].get<double>()) > 1)
            throw Failure("entity " + e["id"].dump() + " is drawn away from its mapped place");
        // The colour on top at the dot's centre: the last entity (in drawing order) whose dot covers it.
        unsigned expected = parseHex(e["color"]);
        for (std::size_t k = i + 1; k < entities.size(); ++k) {
            double dx = entities[k]["screen"][0].get<double>() - sx, dy = entities[k]["screen"][1].get<double>() - sy;
            if (dx * dx + dy * dy <= dot * dot) expected = parseHex(entities[k]["color"]);
        }
        const unsigned char* p = image.at(static_cast<int>(std::floor(sx)), static_cast<int>(std::floor(sy)));
        if (colourDistance(p, expected) > 24)
            throw Failure("entity " + e["id"].dump() + " at pixel (" + std::to_string(int(sx)) + ", " +
                          std::to_string(int(sy)) + "): " + describe(p) + ", expected its colour " + e["color"].get<std::string>());
    }
    // And the checker is not fooled by a canvas painted in one colour: the margin shows the outside.
    const unsigned char* corner = image.at(static_cast<int>(minX) + 3, static_cast<int>(maxY) - 3);
    if (colourDistance(corner, parseHex(dump["canvas"]["outside_color"])) > 8)
        throw Failure("the canvas corner is " + describe(corner) + ", expected the outside colour");
    std::printf("ok: %zu entities drawn at their places\n", entities.size());
}

void savedPosition(const std::string& file, const std::string& id, double x, double y, double tolerance) {
    json scenario = readJson(file);
    for (const json& e : scenario.at("entities"))
        if (e.at("id").dump() == id) {
            double ex = e.at("x"), ey = e.at("y");
            if (std::fabs(ex - x) > tolerance || std::fabs(ey - y) > tolerance)
                throw Failure(file + ": entity " + id + " is at (" + std::to_string(ex) + ", " + std::to_string(ey) +
                              "), expected (" + std::to_string(x) + ", " + std::to_string(y) + ")");
            std::printf("ok: entity %s at (%g, %g)\n", id.c_str(), ex, ey);
            return;
        }
    throw Failure(file + ": no entity " + id);
}

void sameWorld(const std::string& dumpFile, const std::string& scenarioFile) {
    json dump = readJson(dumpFile);
    json scenario = readJson(scenarioFile);
    const json& shown = dump.at("entities");
    const json& saved = scenario.at("entities");
    if (shown.size() != saved.size())
        throw Failure("the app shows " + std::to_string(shown.size()) + " entities, " + scenarioFile + " has " +
                      std::to_string(saved.size()));
    for (std::size_t i = 0; i < shown.size(); ++i)
        for (const char* key : {"id", "x", "y", "radius"})
            if (shown[i].at(key) != saved[i].at(key))
                throw Failure("entity #" + std::to_string(i) + " " + key + ": app " + shown[i][key].dump() + ", file " +
                              saved[i][key].dump());
    std::printf("ok: the world holds the %zu entities of %s\n", shown.size(), scenarioFile.c_str());
}

void errorShown(const std::string& dumpFile, const std::vector<std::string>& texts) {
    json dump = readJson(dumpFile);
    bool visible = false;
    for (const json& p : dump.at("panels"))
        if (p["id"] == "errors") visible = p["visible"];
    if (!visible) throw Failure("the error panel is not visible");
    if (dump.at("errors").empty()) throw Failure("the error panel holds no error");
    std::string last = dump["errors"].back();
    for (const std::string& text : texts)
        if (last.find(text) == std::string::npos)
            throw Failure("the error \"" + last + "\" does not contain \"" + text + "\"");
    std::printf("ok: the error panel shows \"%s\"\n", last.c_str());
}

// Pixels in the "File" menu title that differ from the menu bar's background.
int inkPixels(const Image& image, const json& dump) {
    const json& r = dump.at("menu_file_rect");
    int x0 = static_cast<int>(r[0].get<double>()), y0 = static_cast<int>(r[1].get<double>());
    int x1 = static_cast<int>(r[2].get<double>()), y1 = static_cast<int>(r[3].get<double>());
    const unsigned char* bg = image.at(x0 + 1, y0 + 1);
    unsigned bgHex = (bg[0] << 16) | (bg[1] << 8) | bg[2];
    int ink = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            if (colourDistance(image.at(x, y), bgHex) > 60) ++ink;
    return ink;
}

// Chinese text is drawn with real glyphs: the atlas has every character of the Chinese UI, and the
// "文件" menu title carries clearly more ink than the same title drawn as '?' boxes (no CJK glyphs).
void chineseGlyphs(const std::string& zhShot, const std::string& zhDump, const std::string& boxShot,
                   const std::string& boxDump) {
    json zh = readJson(zhDump), boxes = readJson(boxDump);
    if (zh.at("language") != "zh" || boxes.at("language") != "zh") throw Failure("both runs must be in Chinese");
    if (zh.at("missing_glyphs") != 0) throw Failure("the Chinese UI misses " + zh["missing_glyphs"].dump() + " glyphs");
    if (boxes.at("missing_glyphs") == 0) throw Failure("the control run (no CJK glyphs) misses no glyph");
    int zhInk = inkPixels(Image(zhShot), zh);
    int boxInk = inkPixels(Image(boxShot), boxes);
    std::printf("ink in the File menu title: Chinese %d pixels, '?' boxes %d pixels\n", zhInk, boxInk);
    if (zhInk < boxInk * 3 / 2) throw Failure("the Chinese title looks like '?' boxes");
}

// The view operations, on entity 4 (dove, the fourth entity of scenarios/default.json), under the mouse:
// two wheel steps zoom by 1.15^2 and keep it under the cursor; a right drag of (100, 40) pixels moves it by
// as much; F restores the first framing.
void zoomPan(const std::string& beforeFile, const std::string& zoomedFile, const std::string& pannedFile,
             const std::string& framedFile) {
    json before = readJson(beforeFile), zoomed = readJson(zoomedFile), panned = readJson(pannedFile),
         framed = readJson(framedFile);
    auto ppu = [](const json& d) { return d.at("canvas").at("pixels_per_unit").get<double>(); };
    auto screen = [](const json& d, int c) { return d.at("entities").at(3).at("screen").at(c).get<double>(); };
    auto near = [](double a, double b, double tolerance, const std::string& what) {
        if (std::fabs(a - b) > tolerance)
            throw Failure(what + ": " + std::to_string(a) + ", expected " + std::to_string(b));
    };
    near(ppu(zoomed), ppu(before) * 1.15 * 1.15, ppu(before) * 0.002, "zoomed scale");
    near(screen(zoomed, 0), screen(before, 0), 1.5, "zoomed x of the entity under the cursor");
    near(screen(zoomed, 1), screen(before, 1), 1.5, "zoomed y of the entity under the cursor");
    near(ppu(panned), ppu(zoomed), 1e-6, "panned scale");
    near(screen(panned, 0), screen(zoomed, 0) + 100, 1.5, "panned x");
    near(screen(panned, 1), screen(zoomed, 1) + 40, 1.5, "panned y");
    near(ppu(framed), ppu(before), 1e-4, "framed scale");
    near(screen(framed, 0), screen(before, 0), 0.01, "framed x");
    std::printf("ok: zoom at the cursor, pan and frame\n");
}

// Prints "X Y": the integer screen pixel of an entity in a UI dump (for xdotool).
void screenOf(const std::string& dumpFile, const std::string& id) {
    json dump = readJson(dumpFile);
    for (const json& e : dump.at("entities"))
        if (e.at("id").dump() == id) {
            std::printf("%d %d\n", static_cast<int>(e["screen"][0].get<double>()),
                        static_cast<int>(e["screen"][1].get<double>()));
            return;
        }
    throw Failure(dumpFile + ": no entity " + id);
}

// Screen pixels (rounded) that a world offset (DX, DY) spans at the dumped canvas scale.
void worldDeltaPixels(const std::string& dumpFile, double dx, double dy) {
    json dump = readJson(dumpFile);
    double ppu = dump.at("canvas").at("pixels_per_unit").get<double>();
    std::printf("%ld %ld\n", std::lround(dx * ppu), std::lround(dy * ppu));
}

// The value at a JSON pointer in B is RATIO times the one in A (the HiDPI font size).
void ratio(const std::string& aFile, const std::string& bFile, const std::string& pointer, double expected) {
    double a = readJson(aFile).at(json::json_pointer(pointer)).get<double>();
    double b = readJson(bFile).at(json::json_pointer(pointer)).get<double>();
    if (std::fabs(b - a * expected) > 1e-6 * std::fabs(a * expected) + 1e-9)
        throw Failure(pointer + ": " + std::to_string(b) + " is not " + std::to_string(expected) + " x " + std::to_string(a));
    std::printf("ok: %s %g -> %g\n", pointer.c_str(), a, b);
}

void dumpValue(const std::string& dumpFile, const std::string& pointer, const std::string& expected) {
    json dump = readJson(dumpFile);
    json value = dump.at(json::json_pointer(pointer));
    if (value != json::parse(expected))
        throw Failure(dumpFile + ": " + pointer + " is " + value.dump() + ", expected " + expected);
    std::printf("ok: %s = %s\n", pointer.c_str(), value.dump().c_str());
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> a(argv + 1, argv + argc);
    try {
        if (a.size() == 4 && a[0] == "entities-drawn") entitiesDrawn(a[1], a[2], a[3]);
        else if (a.size() == 6 && a[0] == "saved-position")
            savedPosition(a[1], a[2], std::stod(a[3]), std::stod(a[4]), std::stod(a[5]));
        else if (a.size() == 3 && a[0] == "same-world") sameWorld(a[1], a[2]);
        else if (a.size() >= 3 && a[0] == "error-shown") errorShown(a[1], {a.begin() + 2, a.end()});
        else if (a.size() == 5 && a[0] == "chinese-glyphs") chineseGlyphs(a[1], a[2], a[3], a[4]);
        else if (a.size() == 5 && a[0] == "zoom-pan") zoomPan(a[1], a[2], a[3], a[4]);
        else if (a.size() == 5 && a[0] == "ratio") ratio(a[1], a[2], a[3], std::stod(a[4]));
        else if (a.size() == 3 && a[0] == "screen-of") screenOf(a[1], a[2]);
        else if (a.size() == 4 && a[0] == "world-delta-pixels") worldDeltaPixels(a[1], std::stod(a[2]), std::stod(a[3]));
        else if (a.size() == 4 && a[0] == "dump-value") dumpValue(a[1], a[2], a[3]);
        else {
            std::fprintf(stderr, "window_check: bad usage (see the comment at the top of window_check.cpp)\n");
            return 2;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "FAIL: %s\n", e.what());
        return 1;
    }
    return 0;
}
