"""companion: the phone-first scoring app for a table playing Mission Kit games."""
