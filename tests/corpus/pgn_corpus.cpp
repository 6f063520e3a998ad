// Corpus tier for PGN archives: every PGN under standard/, chess960/, tricky/ and encodings/ of
// ../shared/corpus is read; a table per file (games read, with errors, rejected, round-trip
// failures) is printed; read → write → read must give the same game model for every game; game
// counts are compared with pgn-extract's (stored below, differences explained by category);
// kokopu's expected errors (N.err) must each meet a diagnostic in the same game; Scid's Latin-1
// game must read as its UTF-8 expected output.
//
// Time: the largest files' round trips use a fixed seeded sample; PLANILLA_CORPUS_FULL=1 checks
// every game.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "converters/pgn/pgn_writer.hpp"
#include "converters/pgn/reader.hpp"
#include "tests/support/files.hpp"

using namespace planilla;
namespace fs = std::filesystem;

namespace {

const fs::path kCorpus = PLANILLA_CORPUS_DIR;

// Why planilla's game count differs from pgn-extract's (19.04, `pgn-extract -o OUT FILE`: the
// "N games matched out of M" total, or the games written when it prints no total).
enum class Diff {
  kSame,           // same count
  kMissingResult,  // pgn-extract drops games without a result token ("Missing result");
                   // planilla reads them (W-RESULT) and splits at the next tag section
  kTagOnly,        // pgn-extract does not count games without movetext; planilla does
  kResync,         // after a syntax error pgn-extract restarts inside the game and counts the
                   // pieces as games; planilla rejects the one game whole, byte for byte
  kDroppedBroken,  // pgn-extract does not count a game it drops for an illegal move
  kStrayText,      // text between games ("n/a"): planilla rejects it as a record of its own
  kResultTwice,    // a result written twice (`60.g6 1-0 1-0`): pgn-extract counts the second
                   // as a game; planilla reads it as the game's, once, with a warning
};

const char* diff_name(Diff d) {
  switch (d) {
    case Diff::kSame: return "";
    case Diff::kMissingResult: return "missing result";
    case Diff::kTagOnly: return "tag-only games";
    case Diff::kResync: return "pgn-extract resyncs";
    case Diff::kDroppedBroken: return "broken game dropped";
    case Diff::kStrayText: return "stray text";
    case Diff::kResultTwice: return "result written twice";
  }
  return "?";
}

struct Expected {
  const char* path;
  int pgn_extract;  // games counted by pgn-extract 19.04
  int planilla;     // games planilla reads (a change in splitting shows up here)
  Diff diff;
};

// clang-format off
const Expected kExpected[] = {
    {"chess960/TCEC_Season_16_-_Frc_Sufi.pgn", 20, 20, Diff::kSame},
    {"chess960/TCEC_Season_22_-_Frc5_Final.pgn", 50, 50, Diff::kSame},
    {"chess960/TCEC_Season_24_-_Dfrc_2_Final.pgn", 50, 50, Diff::kSame},
    {"chess960/TCEC_Season_26_-_Frc_No_Castling_Kibitzer_Bonus.pgn", 24, 24, Diff::kSame},
    {"chess960/TCEC_Season_29_-_Frd_5_Final.pgn", 50, 50, Diff::kSame},
    {"chess960/chess960rwch-mainz2009.pgn", 20, 20, Diff::kSame},
    {"chess960/cutechess-fischerrandom.pgn", 4, 4, Diff::kSame},
    {"chess960/kokopu-tutorial-chess960.pgn", 1, 1, Diff::kSame},
    {"chess960/smallmaster-fen-games.pgn", 387, 388, Diff::kStrayText},
    {"encodings/TCEC_Match_1.pgn", 48, 48, Diff::kSame},
    {"encodings/pychess-dortmund.pgn", 347, 347, Diff::kSame},
    {"encodings/pychess-lang-de-eco.pgn", 499, 500, Diff::kMissingResult},
    {"encodings/pychess-lang-es-eco.pgn", 500, 500, Diff::kSame},
    {"encodings/pychess-lang-fr-eco.pgn", 500, 500, Diff::kSame},
    {"encodings/pychess-mate_in_2.pgn", 166, 166, Diff::kSame},
    {"encodings/scid-res_gameLatin1.pgn", 1, 1, Diff::kSame},
    {"encodings/scid-res_gameLatin1expected.pgn", 1, 1, Diff::kSame},
    {"encodings/scid-res_gameUTF8.pgn", 1, 1, Diff::kSame},
    {"standard/TCEC_Season_10_-_Superfinal.pgn", 100, 100, Diff::kSame},
    {"standard/benko.pgn", 2, 2, Diff::kSame},
    {"standard/cheesse-lichess-2017-5553.pgn", 5553, 5553, Diff::kSame},
    {"standard/chessjs-benchmark.pgn", 100, 100, Diff::kSame},
    {"standard/lichess_db_1000k.pgn", 438, 438, Diff::kSame},
    {"standard/lichess_mliebelt_2024-01-03.pgn", 8, 8, Diff::kSame},
    {"standard/mliebelt-32games.pgn", 32, 32, Diff::kSame},
    {"standard/smallmaster-10k.pgn", 10001, 10000, Diff::kResultTwice},
    {"standard/twic-01-232games.pgn", 232, 232, Diff::kSame},
    {"standard/twic1599_1000k.pgn", 1110, 1110, Diff::kSame},
    {"standard/world_matches.pgn", 580, 580, Diff::kSame},
    {"tricky/chess-library/backslash_header.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/basic.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/black2move.pgn", 0, 1, Diff::kDroppedBroken},
    {"tricky/chess-library/book.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/castling.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/chess-library/comment_before_moves.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/corrupted.pgn", 0, 1, Diff::kDroppedBroken},
    {"tricky/chess-library/empty_body.pgn", 1, 2, Diff::kTagOnly},
    {"tricky/chess-library/fuzz-fishtest-fastchess.pgn", 4, 4, Diff::kSame},
    {"tricky/chess-library/fuzz-magnus-grischuk.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/multiple.pgn", 4, 4, Diff::kSame},
    {"tricky/chess-library/newline.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/chess-library/no_moves.pgn", 0, 1, Diff::kTagOnly},
    {"tricky/chess-library/no_moves_but_comment_followed_by_termination_marker.pgn", 2, 2, Diff::kSame},
    {"tricky/chess-library/no_moves_but_game_termination.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/no_moves_but_game_termination_2.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/no_moves_but_game_termination_3.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/no_moves_but_game_termination_multiple.pgn", 2, 2, Diff::kSame},
    {"tricky/chess-library/no_moves_but_game_termination_multiple_2.pgn", 3, 3, Diff::kSame},
    {"tricky/chess-library/no_moves_two_games.pgn", 2, 2, Diff::kSame},
    {"tricky/chess-library/no_result.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/non_ascii.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/skip.pgn", 2, 2, Diff::kSame},
    {"tricky/chess-library/square_bracket_in_header.pgn", 1, 1, Diff::kSame},
    {"tricky/chess-library/threefold_repetition.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/chess-library/unescaped_quote_header.pgn", 7, 1, Diff::kResync},
    {"tricky/chess-library/variations.pgn", 1, 1, Diff::kSame},
    {"tricky/chessjs/0.pgn", 44, 1, Diff::kResync},
    {"tricky/chessjs/1.pgn", 1, 1, Diff::kSame},
    {"tricky/chessjs/2.pgn", 1, 1, Diff::kSame},
    {"tricky/chessjs/3.pgn", 1, 1, Diff::kSame},
    {"tricky/chessops/headers-and-moves-on-the-same-line.pgn", 2, 3, Diff::kMissingResult},
    {"tricky/chessops/kasparov-deep-blue-1997.pgn", 6, 6, Diff::kSame},
    {"tricky/chessops/leading-whitespace.pgn", 2, 3, Diff::kMissingResult},
    {"tricky/chessops/pathological-headers.pgn", 0, 1, Diff::kTagOnly},
    {"tricky/chessx/game1.pgn", 2, 2, Diff::kSame},
    {"tricky/chessx/game10.pgn", 10, 10, Diff::kSame},
    {"tricky/chessx/t1.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/kokopu-games/all-headers-cleared/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/all-headers/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/annotations-1/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/annotations-2/database.pgn", 2, 1, Diff::kResync},
    {"tricky/kokopu-games/base/database-options.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/base/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/blank-headers-1/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/blank-headers-2/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/cleared-variation/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/custom-initial-position-1/database-options.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/custom-initial-position-1/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/custom-initial-position-2/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/custom-initial-position-3/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/empty/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/escaped-text/database.pgn", 2, 1, Diff::kResync},
    {"tricky/kokopu-games/long-short-comments-variations-1/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/long-short-comments-variations-2/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/long-short-comments-variations-3/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/missing-headers-1/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/missing-headers-2/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/missing-headers-3/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/null-moves/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/promoted-variation/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/removed-variation/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/shortened-variation-at-end/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/shortened-variation-from-beginning-1/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/shortened-variation-from-beginning-2/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/sub-variations/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/swapped-variations/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/variant-antichess/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/variant-chess960/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/variant-horde/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu-games/variant-no-king/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu/antichess/database.pgn", 2, 2, Diff::kSame},
    {"tricky/kokopu/bom/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu/chess960/database.pgn", 4, 4, Diff::kSame},
    {"tricky/kokopu/empty/database.pgn", 0, 0, Diff::kSame},
    {"tricky/kokopu/headers/database.pgn", 16, 16, Diff::kSame},
    {"tricky/kokopu/horde/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu/linebreak-linux/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu/linebreak-mac/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu/linebreak-windows/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu/mini1/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu/mini2/database.pgn", 2, 2, Diff::kSame},
    {"tricky/kokopu/misc/database.pgn", 20, 15, Diff::kResync},
    {"tricky/kokopu/missing-last-end-of-game/database.pgn", 1, 2, Diff::kMissingResult},
    {"tricky/kokopu/optional-kings/database.pgn", 3, 3, Diff::kSame},
    {"tricky/kokopu/redos-comment/database.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/kokopu/redos-header/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu/semantic-error/database.pgn", 7, 7, Diff::kSame},
    {"tricky/kokopu/syntactic-error-1/database.pgn", 32, 23, Diff::kResync},
    {"tricky/kokopu/syntactic-error-2/database.pgn", 0, 1, Diff::kTagOnly},
    {"tricky/kokopu/syntactic-error-3/database.pgn", 1, 1, Diff::kSame},
    {"tricky/kokopu/syntactic-error-4/database.pgn", 0, 2, Diff::kMissingResult},
    {"tricky/kokopu/syntactic-error-5/database.pgn", 2, 2, Diff::kSame},
    {"tricky/kokopu/tag-name-token-collision/database.pgn", 6, 6, Diff::kSame},
    {"tricky/mliebelt/sampleGame.pgn", 1, 1, Diff::kSame},
    {"tricky/mliebelt/sampleGameThrow.pgn", 3, 1, Diff::kResync},
    {"tricky/mliebelt/sampleGames.pgn", 9, 9, Diff::kSame},
    {"tricky/pgn-extract-infiles/barnes-horton.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/bots.pgn", 12, 12, Diff::kSame},
    {"tricky/pgn-extract-infiles/fischer.pgn", 34, 34, Diff::kSame},
    {"tricky/pgn-extract-infiles/fools-mate.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/najdorf.pgn", 8, 8, Diff::kSame},
    {"tricky/pgn-extract-infiles/nested-comment.pgn", 6, 1, Diff::kResync},
    {"tricky/pgn-extract-infiles/odds.pgn", 32, 32, Diff::kSame},
    {"tricky/pgn-extract-infiles/petrosian.pgn", 35, 35, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-7.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-C.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-F-text.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-F.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-L1.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-L2.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-N.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-P.pgn", 11, 11, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-R.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-Ta.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-V.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-addhashcode.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-allownullmoves.pgn", 2, 2, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-checkmate.pgn", 2, 2, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-e.pgn", 6, 6, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-evaluation.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-f1.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-f2.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-fencomments.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-fifty.pgn", 2, 2, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-fixresulttags-in.pgn", 5, 5, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-fuzzydepth.pgn", 4, 4, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-hash.pgn", 35, 35, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-long-line.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-matchplylimit.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-nagcomments.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-nobadresults.pgn", 9, 9, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-nochecks.pgn", 2, 2, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-nomovenumbers.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-noresults.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-notags.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-plycount.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-plylimit.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-promotion-in.pgn", 8, 8, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-repetition.pgn", 12, 12, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-s.pgn", 3, 3, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-selectonly.pgn", 34, 34, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-setup-in.pgn", 2, 2, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-seventyfive.pgn", 5, 5, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-splitvariants.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-stalemate.pgn", 3, 3, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-startply.pgn", 10, 10, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-stopafter.pgn", 34, 34, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-t.pgn", 6, 6, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-ucE.pgn", 6, 6, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-ucS.pgn", 3, 3, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-ucW.pgn", 1, 1, Diff::kSame},
    {"tricky/pgn-extract-infiles/test-w.pgn", 1, 1, Diff::kSame},
    {"tricky/pychess/3fold.pgn", 2, 2, Diff::kSame},
    {"tricky/pychess/50.pgn", 1, 1, Diff::kSame},
    {"tricky/pychess/50halfmoves.pgn", 1, 1, Diff::kSame},
    {"tricky/pychess/a.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/pychess/annotated.pgn", 1, 1, Diff::kSame},
    {"tricky/pychess/b.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/pychess/badpgn.pgn", 2, 1, Diff::kResync},
    {"tricky/pychess/bilbao.pgn", 1, 1, Diff::kSame},
    {"tricky/pychess/black.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/pychess/c.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/pychess/d.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/pychess/draw.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/pychess/e.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/pychess/f.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/pychess/fenSetup.pgn", 1, 1, Diff::kSame},
    {"tricky/pychess/insufficient_material.pgn", 1, 1, Diff::kSame},
    {"tricky/pychess/mate.pgn", 1, 1, Diff::kSame},
    {"tricky/pychess/material.pgn", 1, 1, Diff::kSame},
    {"tricky/pychess/promotion.pgn", 0, 1, Diff::kMissingResult},
    {"tricky/pychess/threefold.pgn", 1, 1, Diff::kSame},
    {"tricky/python-chess/anastasian-lewis.pgn", 1, 1, Diff::kSame},
    {"tricky/python-chess/antichess-programfox.pgn", 2, 2, Diff::kSame},
    {"tricky/python-chess/chessbase-empty-line.pgn", 1, 1, Diff::kSame},
    {"tricky/python-chess/cutechess-fischerrandom.pgn", 4, 4, Diff::kSame},
    {"tricky/python-chess/kasparov-deep-blue-1997.pgn", 6, 6, Diff::kSame},
    {"tricky/python-chess/knightvuillaume-jannlee-zh-lichess.pgn", 43, 1, Diff::kResync},
    {"tricky/python-chess/molinari-bordais-1979.pgn", 1, 1, Diff::kSame},
    {"tricky/python-chess/nepomniachtchi-liren-game1.pgn", 1, 1, Diff::kSame},
    {"tricky/python-chess/saturs-jannlee-zh-lichess.pgn", 39, 1, Diff::kResync},
    {"tricky/python-chess/stockfish-learning.pgn", 1, 1, Diff::kSame},
    {"tricky/python-chess/uci-moves.pgn", 1, 1, Diff::kSame},
    {"tricky/python-chess/utf8-bom.pgn", 2, 2, Diff::kSame},
    {"tricky/scalachess/FWWRC.pgn", 0, 605, Diff::kTagOnly},
    {"tricky/scalachess/pgns.txt", 23, 15, Diff::kResync},
    {"tricky/scalachess/uzchesscup.pgn", 0, 45, Diff::kTagOnly},
    {"tricky/scalachess/wcc2023.txt", 3, 3, Diff::kSame},
};
// clang-format on

bool full_run() { return test::env_flag("PLANILLA_CORPUS_FULL"); }

// Deterministic sample: about one game in `every`, the same on every run.
bool sampled(std::uint32_t number, std::uint32_t every) {
  std::uint64_t h = (number + 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
  return (h >> 33) % every == 0;
}

struct FileResult {
  std::uint32_t games = 0, with_errors = 0, rejected = 0, checked = 0, round_trip_failures = 0;
  std::vector<GameRecord> kept;  // only when asked
  std::string first_failure;
};

FileResult read_file(const fs::path& path, bool keep = false) {
  FileResult r;
  std::ifstream in(path, std::ios::binary);
  ReadOptions options;
  options.file_name = path.string();
  PgnReader reader(in, options);
  GameRecord record;
  constexpr std::uintmax_t kLarge = 8'000'000;  // bytes; the corpus stays far below its time budget
  std::uint32_t every = (!full_run() && fs::file_size(path) > kLarge) ? 8 : 1;
  while (reader.next(record)) {
    ++r.games;
    if (record.has_errors()) {
      ++r.with_errors;
      ++r.rejected;  // normalize rejects a game with any error, whole
    } else if (every == 1 || sampled(record.number, every)) {
      ++r.checked;
      std::string written = write_pgn(record.game);
      std::vector<GameRecord> again = read_pgn(written);
      std::string why;
      bool ok = again.size() == 1 && !again[0].has_errors() && equivalent(record.game, again[0].game, &why);
      if (!ok) {
        ++r.round_trip_failures;
        if (r.first_failure.empty())
          r.first_failure = "game " + std::to_string(record.number) + ": " +
                            (again.size() != 1       ? "re-read as " + std::to_string(again.size()) + " games"
                             : again[0].has_errors() ? format_diagnostic(again[0].diagnostics[0])
                                                     : why);
      }
    }
    if (keep) r.kept.push_back(std::move(record));
  }
  return r;
}

}  // namespace

TEST_CASE("corpus: every PGN file read, round trip, game counts vs pgn-extract") {
  std::map<std::string, const Expected*> expected;
  for (const Expected& e : kExpected) expected[e.path] = &e;

  std::vector<std::string> files;
  for (const char* dir : {"standard", "chess960", "tricky", "encodings"})
    for (const auto& entry : fs::recursive_directory_iterator(kCorpus / dir)) {
      if (!entry.is_regular_file()) continue;
      std::string rel = fs::relative(entry.path(), kCorpus).generic_string();
      bool pgn = entry.path().extension() == ".pgn" ||
                 (entry.path().extension() == ".txt" && rel.rfind("tricky/scalachess/", 0) == 0);
      if (pgn) files.push_back(rel);
    }
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() == std::size(kExpected));

  std::printf("%-68s %7s %6s %6s %7s %6s %9s  %s\n", "file", "games", "errors", "reject", "checked", "rt-bad",
              "pgn-extr", "difference");
  std::uint64_t total = 0, total_errors = 0, total_pe = 0;
  for (const std::string& rel : files) {
    CAPTURE(rel);
    FileResult r = read_file(kCorpus / rel);
    auto it = expected.find(rel);
    REQUIRE(it != expected.end());
    const Expected& e = *it->second;
    std::printf("%-68s %7u %6u %6u %7u %6u %9d  %s\n", rel.c_str(), r.games, r.with_errors, r.rejected, r.checked,
                r.round_trip_failures, e.pgn_extract, diff_name(e.diff));
    if (!r.first_failure.empty()) std::printf("    first round-trip failure: %s\n", r.first_failure.c_str());
    CHECK_MESSAGE(r.round_trip_failures == 0, r.first_failure);
    CHECK(static_cast<int>(r.games) == e.planilla);
    if (e.diff == Diff::kSame) CHECK(e.planilla == e.pgn_extract);
    else CHECK(e.planilla != e.pgn_extract);
    total += r.games;
    total_errors += r.with_errors;
    total_pe += static_cast<std::uint64_t>(e.pgn_extract);
  }
  std::printf("%-68s %7llu %6llu %6llu %7s %6s %9llu\n", "TOTAL", static_cast<unsigned long long>(total),
              static_cast<unsigned long long>(total_errors), static_cast<unsigned long long>(total_errors), "", "",
              static_cast<unsigned long long>(total_pe));
}

TEST_CASE("corpus: Scid's Latin-1 game reads as its UTF-8 expected output") {
  FileResult latin = read_file(kCorpus / "encodings/scid-res_gameLatin1.pgn", true);
  FileResult utf8 = read_file(kCorpus / "encodings/scid-res_gameLatin1expected.pgn", true);
  REQUIRE(latin.kept.size() == 1);
  REQUIRE(utf8.kept.size() == 1);
  CHECK(latin.kept[0].encoding == Encoding::Latin1);
  CHECK(!latin.kept[0].has_errors());
  std::string why;
  CHECK_MESSAGE(equivalent(latin.kept[0].game, utf8.kept[0].game, &why), why);
  CHECK(latin.kept[0].game.tags == utf8.kept[0].game.tags);
  CHECK(write_pgn(latin.kept[0].game) == write_pgn(utf8.kept[0].game));
}

TEST_CASE("corpus: kokopu's expected errors each meet a diagnostic in the same game") {
  int checked = 0;
  for (const auto& dir : fs::directory_iterator(kCorpus / "tricky/kokopu")) {
    std::vector<fs::path> errs;
    for (const auto& f : fs::directory_iterator(dir.path()))
      if (f.path().extension() == ".err") errs.push_back(f.path());
    if (errs.empty()) continue;
    FileResult r = read_file(dir.path() / "database.pgn", true);
    for (const fs::path& err : errs) {
      CAPTURE(err.string());
      std::ifstream in(err);
      std::uint64_t index = 0;
      in >> index;  // character index of the error in the file (ASCII files: a byte offset)
      // The game holding that offset; a game that ended without a result before a tag section
      // counts too (kokopu reads "tags after movetext" as one game, planilla as two).
      const GameRecord* holder = nullptr;
      const GameRecord* before = nullptr;
      for (const GameRecord& g : r.kept) {
        if (g.offset <= index) {
          before = holder;
          holder = &g;
        }
      }
      REQUIRE(holder != nullptr);
      bool before_unterminated = false;
      if (before)
        for (const Diagnostic& d : before->diagnostics)
          before_unterminated = before_unterminated || d.code == Code::ResultMismatch;
      bool found = !holder->diagnostics.empty() || before_unterminated;
      std::printf("%-58s at %6llu -> game %u (%zu diagnostics)\n", fs::relative(err, kCorpus).generic_string().c_str(),
                  static_cast<unsigned long long>(index), holder->number, holder->diagnostics.size());
      CHECK(found);
      ++checked;
    }
  }
  CHECK(checked == 36);
}
