"""Examples a researcher can run: `python -m ludoteca.rl.examples.<name>`."""
