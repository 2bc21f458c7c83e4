"""Mission Improbable's print kit: one shared deck, reference sheet, aids, score pad."""
