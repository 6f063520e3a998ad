// The [Variant] tag: which spellings name standard chess, which Chess960, and which a variant
// planilla does not play.
#pragma once

#include <string_view>

namespace planilla {

enum class VariantKind { Standard, Chess960, Unsupported };

// Every spelling of the [Variant] tag seen in real archives ("Chess960", "chess 960",
// "fischerandom", "Fischer Random", "960"); lichess's "From Position" is standard chess.
// Example: classify_variant("Fischer Random") == VariantKind::Chess960.
VariantKind classify_variant(std::string_view value);

}  // namespace planilla
