"""Learn to play (issue 34 point 1; docs/LEARN.md): the tutorial's pages and
its script, a Django app above the lobby and the match server. The script
is data (learn.script); the pages start its lessons as matches against a
bot (learn.lessons) and the match page walks the player through them
(static/js/learn.js)."""
