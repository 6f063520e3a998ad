// Archives whose game boundaries are hard to find (comments and tag values holding `[Event`,
// results inside comments, CR and CRLF, Latin-1 games, a BOM, games longer than the 64 KB window of
// find_split_start()): the shard and split-index tests cut them at every offset.
#pragma once

#include <string>

namespace planilla::test {

// Every hard case once, then again (without the BOM): about 2 KB.
std::string adversarial_archive();
// Larger than find_split_start()'s 64 KB window: ordinary games with the adversarial archive
// between them, a comment of ~100 KB holding `\n\n[Event "..."]` lines (closed, and one left
// open), a game longer than a window, a tag value across lines, CRLF games.
std::string large_archive();

}  // namespace planilla::test
