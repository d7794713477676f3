"""Adapters for reinforcement-learning libraries (the optional extra ``wargames[rl]``):
:mod:`.pettingzoo_env` (a PettingZoo AEC environment) and :mod:`.openspiel_game` (an
OpenSpiel Python game). Each imports its library only when imported itself."""
