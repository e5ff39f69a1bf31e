from nests.cli import main

main()
