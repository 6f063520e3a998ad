// The files a run writes: temporaries beside their targets, published together by rename or not
// at all; write and read errors with the system's reason (converters/run/output_files.hpp).
#include <doctest/doctest.h>

#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "converters/run/output_files.hpp"
#include "tests/support/files.hpp"

using namespace planilla;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("planilla-output-files-" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name) const { return (path / name).string(); }
  // Every entry of the folder whose name marks a temporary.
  int temporaries() const {
    int n = 0;
    for (const auto& e : fs::directory_iterator(path))
      n += e.path().filename().string().find(".planilla-tmp-") != std::string::npos;
    return n;
  }
};

std::string slurp(const std::string& path) { return test::read_bytes(path); }

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

}  // namespace

TEST_CASE("temporary names sit beside the target and say what they are") {
  CHECK(temporary_name("clean.pgn", 42) == ".clean.pgn.planilla-tmp-42");
  CHECK(temporary_name("out/clean.pgn", 7) == "out/.clean.pgn.planilla-tmp-7");
  CHECK(temporary_name("/tmp/a b.pgn", 1) == "/tmp/.a b.pgn.planilla-tmp-1");
}

TEST_CASE("outputs are published together on commit, and left alone otherwise") {
  TempDir dir;
  const std::string out = dir.file("clean.pgn"), rejects = dir.file("clean.rejects.pgn");
  struct Row {
    const char* name;
    bool commit;
  };
  for (Row row : {Row{"commit", true}, Row{"discard", false}}) {
    CAPTURE(row.name);
    write(out, "previous output\n");
    write(rejects, "previous rejects\n");
    std::ostringstream standard_output;
    {
      OutputSet set;
      std::ostream* a = set.open(out, standard_output);
      std::ostream* b = set.open(rejects, standard_output);
      REQUIRE(a);
      REQUIRE(b);
      *a << "new output\n";
      *b << "new rejects\n";
      CHECK(dir.temporaries() == 2);
      CHECK(slurp(out) == "previous output\n");  // nothing touches the target before the commit
      CHECK(set.replaced_targets().size() == 2);
      REQUIRE(set.flush());
      if (row.commit) CHECK(set.commit());
      // else: the destructor discards
    }
    CHECK(dir.temporaries() == 0);
    CHECK(slurp(out) == (row.commit ? "new output\n" : "previous output\n"));
    CHECK(slurp(rejects) == (row.commit ? "new rejects\n" : "previous rejects\n"));
  }
}

TEST_CASE("a new file is created, a symbolic link stays a link, the mode is kept") {
  TempDir dir;
  std::ostringstream standard_output;
  write(dir.file("target.pgn"), "old\n");
  fs::permissions(dir.file("target.pgn"), fs::perms(0640));
  fs::create_symlink("target.pgn", dir.file("link.pgn"));
  OutputSet set;
  *set.open(dir.file("new.pgn"), standard_output) << "fresh\n";
  *set.open(dir.file("link.pgn"), standard_output) << "through the link\n";
  REQUIRE(set.flush());
  REQUIRE(set.commit());
  CHECK(slurp(dir.file("new.pgn")) == "fresh\n");
  CHECK(fs::is_symlink(dir.file("link.pgn")));
  CHECK(slurp(dir.file("target.pgn")) == "through the link\n");
  CHECK((fs::status(dir.file("target.pgn")).permissions() & fs::perms::all) == fs::perms(0640));
  CHECK(dir.temporaries() == 0);
}

TEST_CASE("a failed write fails the whole set: nothing is published") {
  TempDir dir;
  std::ostringstream standard_output;
  write(dir.file("clean.pgn"), "previous\n");
  OutputSet set;
  *set.open(dir.file("clean.pgn"), standard_output) << "new\n";
  std::ostream* full = set.open("/dev/full", standard_output);  // a device: written in place
  REQUIRE(full);
  CHECK(set.replaced_targets().size() == 1);
  *full << std::string(1 << 17, 'x');  // more than the buffer: the write happens now
  CHECK(set.failed());
  CHECK(set.error() == "cannot write /dev/full: No space left on device");
  CHECK_FALSE(set.flush());
  CHECK_FALSE(set.commit());
  CHECK(slurp(dir.file("clean.pgn")) == "previous\n");
  CHECK(dir.temporaries() == 0);
}

TEST_CASE("an output that cannot be created says why") {
  std::ostringstream standard_output;
  OutputSet set;
  CHECK(set.open("/nonexistent-folder/x.pgn", standard_output) == nullptr);
  CHECK(set.error() == "cannot write /nonexistent-folder/x.pgn: No such file or directory");
  OutputSet to_stdout;
  CHECK(to_stdout.open("-", standard_output) == &standard_output);
  CHECK(to_stdout.open("", standard_output) == &standard_output);
  CHECK(to_stdout.replaced_targets().empty());
}

TEST_CASE("FdWriteBuf keeps the reason of a broken pipe") {
  ::signal(SIGPIPE, SIG_IGN);  // as install_output_signal_handlers() does
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  ::close(fds[0]);
  FdWriteBuf buf(fds[1], "the pipe");
  std::ostream out(&buf);
  out << "some bytes" << std::flush;
  CHECK_FALSE(out.good());
  CHECK(buf.error() == EPIPE);
  ::close(fds[1]);
}

TEST_CASE("guarded inputs: read errors fail the run, a failed run reads as ended") {
  std::ostringstream standard_output;
  SUBCASE("a read error names the file and the reason") {
    OutputSet set;
    auto raw = std::make_unique<std::ifstream>("/proc/self/mem", std::ios::binary);
    REQUIRE(*raw);
    auto in = set.guard(std::move(raw), "memory.pgn");
    char buffer[64];
    in->read(buffer, sizeof buffer);
    CHECK(in->gcount() == 0);
    CHECK(set.failed());
    CHECK(set.error() == "cannot read memory.pgn: Input/output error");
  }
  SUBCASE("the bytes pass unchanged, in small and large reads") {
    OutputSet set;
    std::string text;
    for (int i = 0; i < 50000; ++i) text += "1. e4 e5 " + std::to_string(i) + "\n";
    auto in = set.guard(std::make_unique<std::istringstream>(text), "games.pgn");
    std::string got(1, static_cast<char>(in->get()));
    char chunk[100000];
    while (in->read(chunk, sizeof chunk) || in->gcount() > 0) got.append(chunk, static_cast<std::size_t>(in->gcount()));
    CHECK(got == text);
    CHECK_FALSE(set.failed());
  }
  SUBCASE("after a failure the input ends") {
    OutputSet set;
    auto in = set.guard(std::make_unique<std::istringstream>(std::string(1 << 20, 'a')), "games.pgn");
    CHECK(in->get() == 'a');
    set.fail("cannot write out.pgn: No space left on device");
    char chunk[1 << 17];
    in->read(chunk, sizeof chunk);
    CHECK(in->gcount() < static_cast<std::streamsize>(sizeof chunk));  // at most what was buffered
    in->read(chunk, sizeof chunk);
    CHECK(in->gcount() == 0);
    CHECK(set.error() == "cannot write out.pgn: No space left on device");
  }
}

TEST_CASE("same_file: device and inode, through links") {
  TempDir dir;
  write(dir.file("a.pgn"), "1. e4 *\n");
  write(dir.file("b.pgn"), "1. e4 *\n");
  fs::create_symlink("a.pgn", dir.file("sym.pgn"));
  fs::create_hard_link(dir.file("a.pgn"), dir.file("hard.pgn"));
  CHECK(same_file(dir.file("a.pgn"), dir.file("a.pgn")));
  CHECK(same_file(dir.file("sym.pgn"), dir.file("a.pgn")));
  CHECK(same_file(dir.file("hard.pgn"), dir.file("sym.pgn")));
  CHECK_FALSE(same_file(dir.file("a.pgn"), dir.file("b.pgn")));  // same bytes, another file
  CHECK_FALSE(same_file(dir.file("missing.pgn"), dir.file("a.pgn")));
  CHECK(written_through_temporary(dir.file("a.pgn")));
  CHECK(written_through_temporary(dir.file("missing.pgn")));
  CHECK_FALSE(written_through_temporary("/dev/null"));
  CHECK_FALSE(written_through_temporary("/dev/stdout"));
}
