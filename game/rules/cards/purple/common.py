"""What the purple starting deck and the purple specs share."""
