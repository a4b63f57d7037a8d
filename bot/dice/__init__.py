"""Game dice engines and exact odds: pure Python, no discord import, RNG always injected."""
