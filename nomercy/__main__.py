import sys

from nomercy.cli import main

sys.exit(main())
