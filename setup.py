"""The package list, found rather than written out (the rest of the build is in
pyproject.toml): every package under game/ and physics/, and assets/ as game.assets."""
from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["game", "game.*", "physics", "physics.*"]),
                "game.assets"])
