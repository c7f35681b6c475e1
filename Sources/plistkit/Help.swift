/// The text `plistkit -help` prints.
let helpText = """
usage: plistkit VERB [arguments] [options] FILE...
A plutil-compatible property-list tool. FILE '-' is standard input. Input format
(binary, XML, JSON, OpenStep text and .strings files) is detected for every verb.

Verbs (-lint is the default):
 -help                          print this text
 -lint                          check that each file is a valid property list
 -p                             print each file in a human-readable layout (not stable)
 -convert FMT [-header]         rewrite each file as FMT: xml1 binary1 json swift objc,
                                openstep (OpenStep text), gnustep (OpenStep text with
                                GNUstep's <*I1> typed numbers, booleans and dates),
                                strings (a .strings file: a dictionary of strings);
                                -header also writes an Objective-C .h (objc only)
 -insert KEYPATH -TYPE VALUE [-append]
                                add VALUE at KEYPATH; with -append, append it to the
                                array at KEYPATH (edits keep the file's format, .strings
                                files and GNUstep typed values included; in OpenStep text
                                and .strings files only the edited entry is rewritten,
                                so comments and layout stay, and -remove also removes
                                the comment lines directly above the entry)
 -replace KEYPATH -TYPE VALUE   set VALUE at KEYPATH, replacing what is there
 -remove KEYPATH                delete the value at KEYPATH
 -extract KEYPATH FMT [-expect TYPE]
                                write the value at KEYPATH as FMT: xml1 binary1 json
                                swift objc openstep gnustep strings raw (raw prints
                                scalars as text, dictionary keys one per line, array
                                counts); without -o, the result replaces FILE, as
                                plutil does (raw goes to standard output)
 -type KEYPATH [-expect TYPE]   print the type of the value at KEYPATH
 -create FMT                    write an empty dictionary as FMT to each FILE
 -unarchive [-convert FMT]      show each NSKeyedArchiver archive as a plain tree, UIDs
                                resolved ({"$ref": N} marks shared objects and cycles);
                                with -convert, write it as FMT to -o (default stdout)

 KEYPATH: keys separated by '.', '\\.' for a dot inside a key; a number indexes an array
          (as the last component of -insert, it inserts before that index, or appends
          when it equals the count).
 -TYPE:   -bool YES|NO|true|false, -integer N (-2^63 ... 2^64-1), -float X (a
          decimal within +-1.8e308, or nan, inf, -inf; plutil stores those as 0),
          -string S, -date 2024-01-31T12:00:00Z, -data BASE64, -xml PLIST,
          -json JSON, -dictionary, -array (the last two take no VALUE)
 TYPE:    bool integer float string date data dictionary array

Options:
 -s            say nothing on success
 -o PATH       write the result to PATH ('-' for standard output) instead of
               replacing the file
 -e EXT        give converted files the extension EXT
 -r            write JSON indented, keys sorted
 -n            no newline after raw or type output
 -f            write binary plist data to standard output even when it is a
               terminal (refused otherwise)
 -stream       -lint and -convert to xml1, binary1, json or openstep read and write
               event by event, in bounded memory (done anyway for files of 1 GiB or
               more, unless -no-stream); keys then keep the file's order, unsorted
 -j N          work on at most N files at once (default: one per core; -j 1: one
               after another); output, written files and exit status are those of
               -j 1 (files that write what another file reads or writes go in turn)
 --            every later argument is a file name

Files are replaced atomically (temporary file, fsync, rename): an error or interruption
never leaves a half-written file. Every file is tried; exit status is 0 when every file
succeeded, 1 otherwise; each failure prints 'FILE: reason' (with a byte offset or
line:column) on standard error, in argument order.

"""
