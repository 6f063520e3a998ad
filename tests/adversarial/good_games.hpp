// The two good games around every adversarial input: the tier (adversarial.cpp) checks that
// they come out as if read alone, and bench/adversarial_inputs.cpp writes its files the same way.
#pragma once

#include <string_view>

namespace planilla::adversarial {

inline constexpr std::string_view kGood1 =
    "[Event \"first\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Ruy Lopez} 4. Ba4 Nf6 5. O-O Be7 1-0\n\n";
inline constexpr std::string_view kGood2 =
    "[Event \"last\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n"
    "1. d4 d5 2. c4 (2. Nf3 Nf6) 2... e6 3. Nc3 Nf6 0-1\n";

}  // namespace planilla::adversarial
