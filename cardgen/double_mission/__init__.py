"""Double Mission's print kit: its card families, board, tokens, aids, words and layouts."""
