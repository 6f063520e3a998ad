// planilla book: the game scores printed in a book's plain text (descriptive notation), found,
// replayed on the board and written as PGN. The extraction rules are in converters/book/book.hpp.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "cli/app.hpp"
#include "cli/common.hpp"
#include "converters/book/book.hpp"

namespace planilla::cli {

namespace {

struct BookOptions {
  std::string input;
  std::string output;
  std::string report;
  bool quiet = false;
};

int run_book(const BookOptions& o, Io& io) {
  OutputTarget target;
  if (!target.open(o.output, io, {o.input})) return kUsage;
  auto file = std::make_unique<std::ifstream>(o.input, std::ios::binary);
  if (!*file) {
    io.err << "planilla book: cannot open " << o.input << ": " << std::strerror(errno) << '\n';
    return kUsage;
  }
  auto in = target.guard(std::move(file), o.input);
  std::string bytes((std::istreambuf_iterator<char>(*in)), std::istreambuf_iterator<char>());
  if (target.failed()) return target.finish(kUsage, io);

  // The report is published with the PGN output, or neither is.
  std::ostream* report = nullptr;
  if (!o.report.empty() && (report = target.open_more(o.report, io)) == nullptr) return target.finish(kUsage, io);
  BookExtraction book = extract_book_games(bytes);
  std::size_t complete = 0, stopped = 0, empty = 0;
  for (const BookGame& game : book.games) {
    BookReplay replay = replay_book_game(game, book.text);
    if (replay.complete) ++complete;
    else if (replay.plies == 0 && !replay.stopped) ++empty;
    else ++stopped;
    target.stream() << book_game_to_pgn(game, replay);
    if (report) *report << book_game_report_json(game, replay) << '\n';
    if (!o.quiet)
      io.err << o.input << ':' << game.first_line << ": game " << game.number
             << (game.title.empty() ? std::string() : " (" + game.title + ")") << ": " << replay.summary << '\n';
  }
  if (!o.quiet)
    io.err << "book: " << book.games.size() << " game scores found" << (book.was_latin1 ? " (Latin-1 text)" : "")
           << ": " << complete << " complete, " << stopped << " stopped (reasons above), " << empty << " empty\n";
  return target.finish(complete == book.games.size() ? kOk : kProblems, io);
}

}  // namespace

void setup_book(Cli& cli) {
  auto o = std::make_shared<BookOptions>();
  CLI::App* sub =
      cli.app.add_subcommand("book", "Extract the game scores printed in a book's text and replay them as PGN");
  sub->add_option("file", o->input, "Plain-text book (UTF-8 or Latin-1; Project Gutenberg style)")
      ->required()
      ->check(CLI::ExistingFile);
  sub->add_option("-o,--output", o->output, "PGN here instead of stdout");
  sub->add_option("--report", o->report,
                  "One JSON object per score found (JSON Lines): game, first_line, last_line, heading, tags, plies, "
                  "complete, stopped, repairs");
  sub->add_flag("-q,--quiet", o->quiet, "No per-game report on stderr");
  sub->footer(
      "A score is a run of numbered move lines from move 1, one or two columns ('1 P to K4  P to K4\n"
      "  25 P takes P  B to B5'), with or without a heading ('GAME No. 1', 'No.17.', 'A. Burn v. C. von\n"
      "Bardeleben.') that gives tags; notes, diagrams and page markers between moves are skipped.\n"
      "Exit status: 0 every score replayed completely, 1 otherwise, 2 on I/O errors.\n"
      "Example:\n"
      "  planilla book chess-fundamentals.txt -o capablanca.pgn --report capablanca.jsonl");
  sub->callback([&cli, o] { cli.action = [&cli, o] { return run_book(*o, cli.io); }; });
}

}  // namespace planilla::cli
