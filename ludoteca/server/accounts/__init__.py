"""Accounts, optional: a person who signs up with a name and a password keeps their matches,
a rating per game and a profile on every device. The server never knows a rule here either:
it reads a finished match's ranks through the engine contract.

- `models`: the tables (accounts, a device's sign-in, a person's matches);
- `passwords`: name and password rules, argon2id hashes;
- `people`: what the store does for a person (sign-ins, their matches, their data, deletion);
- `ratings`: Elo per game counted as Board Game Arena does for several players.
"""
