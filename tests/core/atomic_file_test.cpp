// Every output the project writes: atomic, keeps a symbolic link and the file's permissions, never one
// of the inputs; readers refuse directories and oversized files before reading.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "core/atomic_file.h"
#include "core/error.h"
#include "support/cli_run.h"

namespace aoilab {
namespace {

namespace fs = std::filesystem;

struct Folder {
    fs::path path = fs::temp_directory_path() / ("aoilab_atomic_" + std::to_string(::getpid()));
    Folder() {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~Folder() { fs::remove_all(path); }
};

std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(AtomicFile, ThroughALinkTheLinkStaysAndItsTargetIsReplaced) {
    Folder dir;
    fs::path target = dir.path / "real.json", link = dir.path / "link.json";
    std::ofstream(target) << "old";
    fs::create_symlink("real.json", link);  // relative, as users make them
    writeFileAtomic(link, "new");
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(read(target), "new");
    EXPECT_EQ(read(link), "new");
}

TEST(AtomicFile, ThePermissionsOfTheReplacedFileAreKept) {
    Folder dir;
    fs::path file = dir.path / "private.json";
    std::ofstream(file) << "old";
    fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace);
    writeFileAtomic(file, "new");
    EXPECT_EQ(fs::status(file).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
    EXPECT_EQ(read(file), "new");
}

TEST(AtomicFile, AWriteThatIsNotCommittedLeavesTheOldFileAndNoTemporary) {
    Folder dir;
    fs::path file = dir.path / "kept.json";
    std::ofstream(file) << "old";
    {
        AtomicFileWriter writer(file);
        writer.stream() << "half of a new fi";
    }  // no commit: as if the work failed halfway
    EXPECT_EQ(read(file), "old");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 1);
    EXPECT_THROW(writeFileAtomic(dir.path / "missing-folder" / "x.json", "x"), InputError);
    EXPECT_THROW(writeFileAtomic(dir.path, "x"), InputError);  // a directory
}

TEST(AtomicFile, AnOutputThatIsAnInputIsRefusedThroughAnyPathOrLink) {
    Folder dir;
    fs::path input = dir.path / "in.json";
    std::ofstream(input) << "{}";
    fs::create_symlink(input, dir.path / "alias.json");
    EXPECT_THROW(requireOutputIsNotAnInput(input, {input}), InputError);
    EXPECT_THROW(requireOutputIsNotAnInput(dir.path / "." / "in.json", {input}), InputError);
    EXPECT_THROW(requireOutputIsNotAnInput(dir.path / "alias.json", {input}), InputError);
    EXPECT_NO_THROW(requireOutputIsNotAnInput(dir.path / "out.json", {input}));
    std::ofstream(dir.path / "other.json") << "{}";
    EXPECT_NO_THROW(requireOutputIsNotAnInput(dir.path / "other.json", {input}));
}

TEST(AtomicFile, ReadersRefuseDirectoriesAndOversizedFilesBeforeReading) {
    Folder dir;
    try {
        readFileText(dir.path, 100);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
    }
    fs::path big = dir.path / "big.json";
    std::ofstream(big) << std::string(1000, ' ');
    try {
        readFileText(big, 999);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("1000 bytes, more than the 999"), std::string::npos) << e.what();
    }
    EXPECT_EQ(readFileText(big, 1000).size(), 1000u);
}

TEST(AtomicFile, ReplayRefusesToWriteItsEventsOverItsScenario) {
    Folder dir;
    fs::path scenario = dir.path / "s.json";
    fs::copy_file(fs::path(AOILAB_SOURCE_DIR) / "scenarios/crosslist-article.json", scenario);
    std::string before = read(scenario);
    auto same = testing::runCli("replay '" + scenario.string() + "' --events '" + scenario.string() + "'");
    EXPECT_NE(same.exitCode, 0);
    EXPECT_NE(same.err.find("refusing to overwrite"), std::string::npos) << same.err;
    fs::create_symlink(scenario, dir.path / "link.json");
    auto linked = testing::runCli("replay '" + (dir.path / "link.json").string() + "' --events '" + scenario.string() + "'");
    EXPECT_NE(linked.exitCode, 0);
    EXPECT_EQ(read(scenario), before);  // untouched
    auto ok = testing::runCli("replay '" + scenario.string() + "' --events '" + (dir.path / "e.jsonl").string() + "'");
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
    auto folder = testing::runCli("validate '" + dir.path.string() + "'");
    EXPECT_NE(folder.exitCode, 0);
    EXPECT_NE(folder.err.find("is a directory"), std::string::npos) << folder.err;
}

}  // namespace
}  // namespace aoilab
