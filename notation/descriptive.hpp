// Descriptive notation (English `Kt-KB3`, Spanish `C3AR`, French `C.3FR`): the value type
// DescriptiveMove, the K/Q identity tracker, resolution on a Position (one move, or a whole game
// with a search over the rest of the score), and the writers. NOTATION.md §2 is the reference.
//
// Descriptive needs its own value type (not WrittenMove): squares are named from the mover's
// side, a file name such as "B" stands for two files, and pieces are designated by the K/Q
// identity of their start square rather than by where they stand.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "board/position.hpp"
#include "board/result.hpp"
#include "notation/diagnostic.hpp"
#include "notation/written_move.hpp"

namespace planilla {

enum class DescriptiveDialect : std::uint8_t {
  English,  // P-K4, Kt-KB3, N-QB3, P. to K's 4th.
  Spanish,  // P4R, C3AR, A5CD, TxP
  French,   // P4R, C.3FR, F4FD, P pr PD
};

enum class DescriptiveStyle : std::uint8_t {
  English,         // N-KB3, PxP, P-K8=Q, O-O, ch, mate
  EnglishClassic,  // Kt-KB3, PxP, P-K8(Q), O-O, ch, ++
  Spanish,         // C3AR, PxP, P8R=D, O-O, +, ++
};

// Which wing a rook, knight or bishop started on ("QR" is the rook that started on a1/a8).
enum class Wing : std::uint8_t { Any, Queen, King };

// A set of files, bit i = file a+i. "B" in English descriptive is c|f; "QB" is c alone.
using FileMask = std::uint8_t;
inline constexpr FileMask kAllFiles = 0xFF;
constexpr FileMask file_bit(File f) { return static_cast<FileMask>(1u << index_of(f)); }

// Designates one piece among several of its type: by current file (pawns: "QBP"), by identity
// (pieces: "KR"), or, for the Spanish one-letter suffixes "CD"/"AR", by either (the letter is
// both the wing and the name of the d/e file).
struct Designator {
  FileMask files = kAllFiles;
  Wing identity = Wing::Any;
  bool identity_or_file = false;
  bool is_any() const { return files == kAllFiles && identity == Wing::Any; }
  friend bool operator==(const Designator&, const Designator&) = default;
};

enum class DescriptiveCheck : std::uint8_t { None, Check, Discovered, Double, Mate };

// Repairs of real print a parser or resolver applied; each is named in a diagnostic.
enum DescriptiveRepair : std::uint32_t {
  kRepairNone = 0,
  kRepairMissingHyphen = 1u << 0,  // "P K 4": no hyphen between mover and square
  kRepairRankMirrored = 1u << 1,   // the rank was counted from the other player's side
  kUsedCheckSuffix = 1u << 2,      // the check mark chose between legal readings
  kUsedRecapture = 1u << 3,        // bare capture read as a recapture on the last square
  kUsedGameSearch = 1u << 4,       // the rest of the game chose between readings
  // Tolerances of old print (grammar/descriptive_print.hpp and the grammar), each a named repair.
  kRepairHisHer = 1u << 5,           // "Q. to her 2d.": the file named by "his/her/its"
  kRepairOcr = 1u << 6,              // "KttoQB3", "B~B3", "KI" for K1, "Kt-P" for KtxP
  kRepairCastlingWords = 1u << 7,    // "Castles on Q's side" → O-O-O
  kRepairSquareWord = 1u << 8,       // "R to K square", "R to K sq." → the first rank
  kRepairSpacing = 1u << 9,          // "P.  to K's  4th.": several spaces inside one move
  kRepairVerb = 1u << 10,            // "Q. checks.", "R interposes": a verb instead of a square
  kRepairCheckWords = 1u << 11,      // "(dis. ch.)", "check", "(ch.)"
  kRepairEnPassantWords = 1u << 12,  // "(in passing)", "en pas"
  kRepairPromotionWords = 1u << 13,  // "P. becomes a Queen."
  kRepairCapturedPiece = 1u << 14,   // the piece printed as taken is not there: read as the one that is
  kRepairWordForm = 1u << 15,        // "take" for takes, "Kts P", "(on R4)", "(!)" inside a move
  kRepairVerbal = 1u << 16,          // "The king's pawn two squares." (verbal notation before 1850)
  kRepairRankMissing = 1u << 17,     // "P-Kt": a file alone where no first-rank move exists, any rank of it
  kRepairRankMisprint = 1u << 18,    // "P-Kt2" where no piece can go: the move of that piece to that file
  kRepairWingByPlace = 1u << 19,     // "KR" as the rook on the king's side of the other, not the one from h1
};

// Every repair bit (the ones a diagnostic names as N-DESC-REPAIR, not the conventions).
inline constexpr std::uint32_t kAllRepairs = kRepairMissingHyphen | kRepairRankMirrored | kRepairHisHer | kRepairOcr |
                                             kRepairCastlingWords | kRepairSquareWord | kRepairSpacing | kRepairVerb |
                                             kRepairCheckWords | kRepairEnPassantWords | kRepairPromotionWords |
                                             kRepairCapturedPiece | kRepairWordForm | kRepairVerbal |
                                             kRepairRankMissing | kRepairRankMisprint | kRepairWingByPlace;

struct DescriptiveMove {
  // Castling: `castle` names the side; `castle_any` is a bare "Castles" (whichever is legal).
  std::optional<CastlingSide> castle;
  bool castle_any = false;

  PieceType piece = PieceType::None;  // the mover; None only for castling
  Designator mover;                   // "KR", "QKt", "KBP", Spanish "CD", "PR"
  FileMask origin_files = kAllFiles;  // "N(Q2)", "R(B)"
  std::uint8_t origin_rank = 0;       // 1..8 from the mover's side, 0 = not given ("R(1)")

  bool capture = false;
  PieceType captured = PieceType::None;  // None with capture = "takes" with no piece named
  Designator captured_designator;        // "xQKtP", "xKR"

  // Destination: for a move, the square; for a capture, the optional explicit square
  // ("PxP(Q5)"). to_rank 0 = no rank given (file-only "R-B").
  FileMask to_files = kAllFiles;
  std::uint8_t to_rank = 0;
  bool file_only = false;  // printed as a file alone ("R-B", read as the first rank; "P-Kt" is a rank left out)

  PieceType promotion = PieceType::None;
  DescriptiveCheck check = DescriptiveCheck::None;
  bool en_passant_mark = false;
  std::uint32_t repairs = kRepairNone;  // parser repairs (missing hyphen)
  SourceSpan span;

  bool is_castling() const { return castle.has_value() || castle_any; }
  friend bool operator==(const DescriptiveMove&, const DescriptiveMove&) = default;
};

// K/Q identity of every rook, knight and bishop on the board, tracked from the start position
// through the game. At the start (or from a FEN) a piece on files a–d is the Queen's piece and
// on e–h the King's; castling carries the rook's identity; promoted pieces have none.
class IdentityTracker {
 public:
  IdentityTracker() = default;
  explicit IdentityTracker(const Position& start);
  Wing identity(Square s) const { return wing_[static_cast<std::size_t>(index_of(s))]; }
  // Call with the position BEFORE `move` is played (legal in `before`).
  void play(const Position& before, Move move);

 private:
  std::array<Wing, 64> wing_{};
};

// The state a reader of a descriptive score keeps besides the board.
struct DescriptiveContext {
  IdentityTracker identities;
  Square last_capture_square = Square::None;  // where the previous ply captured (recapture rule)
  void play(const Position& before, Move move);
};

// One legal reading of a written move with the conventions and repairs it needed.
struct DescriptiveReading {
  Move move;
  std::uint32_t used = kRepairNone;
};

// Every legal move the text designates on the board alone: no check filter, no recapture rule,
// no repair. This is the uniqueness test the writers use.
// Example: "N-B3" after 1.e4 e5 → {g1f3, b1c3}.
std::vector<Move> descriptive_matches(const DescriptiveMove& dm, const Position& pos, const IdentityTracker& ids);

// The readings a careful human reader accepts, in this order: board matches; if several, those
// agreeing with the check mark; if still several and a bare capture, the recapture; if none,
// the rank counted from the other side (a named repair).
// Example: "QxP ch" after …gxh4 → {Qxh4+} with kUsedCheckSuffix|kUsedRecapture.
std::vector<DescriptiveReading> descriptive_readings(const DescriptiveMove& dm, const Position& pos,
                                                     const DescriptiveContext& ctx);

struct DescriptiveResolved {
  Move move;
  std::uint32_t used = kRepairNone;  // conventions and repairs applied (DescriptiveRepair bits)
};

struct DescriptiveError {
  Code code = Code::Illegal;  // Illegal or Ambiguous
  std::string message;
  std::vector<Move> candidates;  // Ambiguous: the readings left
};

// Resolves one move on its own.
// Errors: Illegal (no reading), Ambiguous (several readings; candidates listed).
// Example: resolve_descriptive(parse "Kt-KB3", startpos after 1.e4 e5, ctx) → g1f3.
Result<DescriptiveResolved, DescriptiveError> resolve_descriptive(const DescriptiveMove& dm, const Position& pos,
                                                                  const DescriptiveContext& ctx);

struct DescriptivePly {
  Move move;
  std::uint32_t used = kRepairNone;
  // When more than one reading of this ply survived to the end of the score: all of them
  // (the game keeps the first); empty otherwise.
  std::vector<Move> alternatives;
};

struct DescriptiveGameResult {
  std::vector<DescriptivePly> plies;  // the resolved prefix (all plies when complete)
  bool complete = false;
  std::size_t failed_ply = 0;           // 0-based index of the first ply no reading reached
  DescriptiveError error;               // why that ply failed (when !complete)
  std::vector<Diagnostic> diagnostics;  // repairs, conventions, surviving ambiguity, failure
};

struct DescriptiveSearchOptions {
  std::size_t beam_width = 64;  // partial lines kept per ply; ambiguity rarely needs more than 4
};

// Resolves a whole score: at each ply every reading is tried, and only the lines under which the
// rest of the score stays legal are kept (beam search). Ambiguity that survives is reported.
// Errors: not thrown; `complete == false` with `failed_ply` and `error` set, and a diagnostic.
// Example: the 98 plies of Marshall–Capablanca 1909 as printed → complete, 31…Rab8 found.
DescriptiveGameResult resolve_descriptive_game(std::span<const DescriptiveMove> moves, const Position& start,
                                               const DescriptiveSearchOptions& options = {});

// Writes `move` (legal in `pos`) in the shortest form that designates it alone among the legal
// moves (NOTATION.md §2.1.3), using neither the check mark nor the recapture convention.
// Example: write_descriptive(after 1.e4 e5, g1f3, English, ids) == "N-KB3".
std::string write_descriptive(const Position& pos, Move move, DescriptiveStyle style, const IdentityTracker& ids);

// The same as a value, for callers that want the fields (the writer's chosen form).
DescriptiveMove describe_move(const Position& pos, Move move, const IdentityTracker& ids);

// Renders a DescriptiveMove as text in a style (no uniqueness check; see write_descriptive).
std::string format_descriptive(const DescriptiveMove& dm, Color mover, DescriptiveStyle style);

// Writes a whole game from `start`, one string per ply.
std::vector<std::string> write_descriptive_game(const Position& start, std::span<const Move> moves,
                                                DescriptiveStyle style);

// A one-line English description of the repairs/conventions in `used` ("rank counted from the
// other side; check mark used to choose"); empty when none.
std::string describe_repairs(std::uint32_t used);

}  // namespace planilla
