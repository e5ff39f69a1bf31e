from nests.entry import run

run()
