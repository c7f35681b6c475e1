# Sourced by run.sh and smoke.sh: the fuzz targets, and the dictionary each one uses.
TARGETS="FuzzBinary FuzzBinaryView FuzzXML FuzzJSON FuzzOpenStep FuzzDetect FuzzDecoder FuzzEncoder FuzzMacroDecoder FuzzUnarchiver FuzzEvents"

# dictionary TARGET: the path of TARGET's libFuzzer dictionary.
dictionary() {
    case $1 in
        FuzzBinary|FuzzBinaryView) echo Dictionaries/binary.dict ;;
        FuzzXML|FuzzDetect|FuzzEvents) echo Dictionaries/xml.dict ;;
        FuzzJSON) echo Dictionaries/json.dict ;;
        FuzzOpenStep) echo Dictionaries/openstep.dict ;;
        FuzzDecoder|FuzzMacroDecoder) echo Dictionaries/decoder.dict ;;
        FuzzEncoder) echo Dictionaries/encoder.dict ;;
        FuzzUnarchiver) echo Dictionaries/archive.dict ;;
    esac
}

# asan_options TARGET: ASAN_OPTIONS for TARGET's runs. FuzzEncoder's scripts nest Codable
# calls in ever-new ways, and ASan keeps every distinct allocation stack for the whole run:
# with its default of 30 frames a stack, RSS grew by 3.5 KB an input, past the limit below
# within half an hour; with 6 frames it stays at 400 MB.
asan_options() {
    case $1 in
        FuzzEncoder) echo malloc_context_size=6 ;;
        *) echo "" ;;
    esac
}

# Limits for every run: 10 s per input is a hang, 2 GB of RSS a blow-up.
LIMITS="-timeout=10 -rss_limit_mb=2048 -max_len=8192"

# A finding's report is libFuzzer's and ASan's: the Swift runtime's own backtracer would
# run inside ASan after a trap and add a spurious second report.
export SWIFT_BACKTRACE=enable=no
