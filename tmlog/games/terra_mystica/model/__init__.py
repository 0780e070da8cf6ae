"""The vocabulary of Terra Mystica logs: enums and typed actions."""
