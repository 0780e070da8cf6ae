"""``python -m tmlog``: the command-line interface."""

from tmlog.cli import cli

if __name__ == "__main__":
    cli(prog_name="tmlog")
