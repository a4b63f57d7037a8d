"""The game tracker: pure model, templates and the service every change goes through."""
