# Sourced by run.sh and smoke.sh: the fuzz targets, and the dictionary each one uses.
TARGETS="FuzzBinary FuzzBinaryView FuzzXML FuzzJSON FuzzOpenStep FuzzDetect FuzzDecoder FuzzUnarchiver FuzzEvents"

# dictionary TARGET: the path of TARGET's libFuzzer dictionary.
dictionary() {
    case $1 in
        FuzzBinary|FuzzBinaryView) echo Dictionaries/binary.dict ;;
        FuzzXML|FuzzDetect|FuzzEvents) echo Dictionaries/xml.dict ;;
        FuzzJSON) echo Dictionaries/json.dict ;;
        FuzzOpenStep) echo Dictionaries/openstep.dict ;;
        FuzzDecoder) echo Dictionaries/decoder.dict ;;
        FuzzUnarchiver) echo Dictionaries/archive.dict ;;
    esac
}

# Limits for every run: 10 s per input is a hang, 2 GB of RSS a blow-up.
LIMITS="-timeout=10 -rss_limit_mb=2048 -max_len=8192"

# A finding's report is libFuzzer's and ASan's: the Swift runtime's own backtracer would
# run inside ASan after a trap and add a spurious second report.
export SWIFT_BACKTRACE=enable=no
