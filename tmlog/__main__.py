"""``python -m tmlog``: the command-line interface."""

from tmlog.cli.quick import main

if __name__ == "__main__":
    main(prog_name="tmlog")
