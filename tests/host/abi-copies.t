#!/bin/bash
# abi-copies.t - the ABI header carried by the kernel patch series
# (include/uapi/linux/ltt-abi.h, a new file in one of patches/*.patch)
# must be byte-for-byte identical to include/ltt/'s (scripts/sync-abi-patch
# rewrites the copy).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=(ltt-abi.h)

echo "1..$((4 * ${#files[@]} + 1))"
n=0
for f in "${files[@]}"; do
	abi=$root/include/ltt/$f
	target=include/uapi/linux/$f
	rm -f "$tmp"/copy.h "$tmp"/copy.h.nonl "$tmp"/hunks

	# Which patches of the series add the file?
	mapfile -t carriers < <(cd "$root/patches" &&
		grep -v '^#' series | while read -r p _; do
			[ -n "$p" ] && grep -lx "+++ b/$target" "$p"
		done)
	if [ ${#carriers[@]} -eq 1 ]; then
		echo "ok $((++n)) - exactly one patch adds $target (${carriers[0]})"
	else
		echo "not ok $((++n)) - exactly one patch adds $target (found ${#carriers[@]})"
		for _ in 1 2 3; do echo "not ok $((++n)) - $target: no single carrier"; done
		continue
	fi

	# Extract the new file from the patch: the '+' lines of its (only)
	# hunk, which must start at line 1 of an empty file.
	awk -v target="$target" -v out="$tmp/copy.h" -v hdr="$tmp/hunks" '
		/^\+\+\+ / { infile = ($2 == "b/" target); next }
		/^--- / { if (infile) infile = 0; next }
		/^diff / { infile = 0; next }
		!infile { next }
		/^@@ / { print > hdr; next }
		/^\+/ { print substr($0, 2) > out; next }
		/^\\ No newline at end of file/ { nonl = 1; next }
		END { if (nonl) print "nonl" > (out ".nonl") }
	' "$root/patches/${carriers[0]}"
	touch "$tmp/copy.h" "$tmp/hunks"
	if [ -f "$tmp/copy.h.nonl" ]; then
		# The last line had no newline in the patch: strip ours.
		head -c -1 "$tmp/copy.h" >"$tmp/copy2.h" && mv "$tmp/copy2.h" "$tmp/copy.h"
	fi

	if [ "$(wc -l <"$tmp/hunks")" = 1 ] && grep -q '^@@ -0,0 +1' "$tmp/hunks"; then
		echo "ok $((++n)) - $target is added as a new file in one hunk"
	else
		echo "not ok $((++n)) - $target is added as a new file in one hunk"
	fi

	nlines=$(sed -n 's/^@@ -0,0 +1,\([0-9]*\) @@.*/\1/p' "$tmp/hunks")
	if [ -n "$nlines" ] && [ "$(wc -l <"$tmp/copy.h")" = "$nlines" ]; then
		echo "ok $((++n)) - the hunk holds $nlines lines as announced"
	else
		echo "not ok $((++n)) - the hunk holds ${nlines:-?} lines as announced"
	fi

	if cmp -s "$tmp/copy.h" "$abi"; then
		echo "ok $((++n)) - patch copy of $target is byte-identical to include/ltt/$f"
	else
		echo "not ok $((++n)) - patch copy of $target is byte-identical to include/ltt/$f"
		diff -u "$abi" "$tmp/copy.h" | head -20 | sed 's/^/# /'
	fi
done

# The script that writes the copies agrees that they are up to date.
if out=$("$root/scripts/sync-abi-patch" --check 2>&1); then
	echo "ok $((++n)) - scripts/sync-abi-patch --check: $out"
else
	echo "not ok $((++n)) - scripts/sync-abi-patch --check: $out"
fi
