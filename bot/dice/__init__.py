"""Generic dice machinery, pure: the `d20` expression roller, faces, chart rows, shared exact-odds
helpers and the engines' exceptions. Each game's engine is in `bot/games/<game>/`; RNG injected."""
