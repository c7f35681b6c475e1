#!/bin/sh
# Fills .corpus/<target>/ (outside git) with seeds for each fuzz target: the TestVectors/
# files in its format (64 KB or smaller: libFuzzer's default -max_len is 4096 anyway, and big
# seeds slow every mutation), the findings already under TestVectors/fuzz/<target>/, and
# Seeds/<target>/ where a target reads something TestVectors/ lacks. Existing corpus files
# are kept, so a long campaign's corpus grows across runs.
set -eu
cd "$(dirname "$0")"
vectors=../TestVectors

# copy TARGET DIRECTORY... : the small files under each directory into .corpus/TARGET.
copy() {
    target=$1; shift
    mkdir -p ".corpus/$target"
    for dir in "$@"; do
        [ -d "$dir" ] || continue
        find "$dir" -type f -size -65k ! -name MANIFEST.json -exec cp {} ".corpus/$target/" \;
    done
}

copy FuzzBinary     $vectors/binary $vectors/archives $vectors/fuzz/FuzzBinary
copy FuzzBinaryView $vectors/binary $vectors/archives $vectors/fuzz/FuzzBinaryView
copy FuzzXML        $vectors/xml $vectors/archives $vectors/examples $vectors/fuzz/FuzzXML
copy FuzzJSON       $vectors/json $vectors/fuzz/FuzzJSON
copy FuzzOpenStep   $vectors/openstep $vectors/fuzz/FuzzOpenStep
copy FuzzDetect     $vectors/binary/regressions $vectors/xml/hand $vectors/json/plutil \
                    $vectors/openstep/hand $vectors/openstep/strings $vectors/fuzz/FuzzDetect
copy FuzzDecoder    Seeds/FuzzDecoder $vectors/fuzz/FuzzDecoder
copy FuzzMacroDecoder Seeds/FuzzDecoder $vectors/fuzz/FuzzMacroDecoder
copy FuzzEncoder    Seeds/FuzzEncoder $vectors/fuzz/FuzzEncoder
copy FuzzUnarchiver $vectors/archives $vectors/fuzz/FuzzUnarchiver
copy FuzzEvents     $vectors/binary/regressions $vectors/archives $vectors/xml/hand $vectors/json/plutil \
                    $vectors/openstep/hand $vectors/openstep/strings $vectors/fuzz/FuzzEvents
