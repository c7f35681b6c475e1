/// The text `plistkit -help` prints.
let helpText = """
plistkit: [command_option] [other_options] file...
The file '-' means stdin.
A plutil-compatible property-list tool: binary1, xml1 and json in and out.
Command options are (-lint is the default):
 -help                         show this message and exit
 -lint                         check the property list files for syntax errors
 -convert fmt                  rewrite property list files in format
                               fmt is one of: xml1 binary1 json
 -p                            print property list in a human-readable fashion
                               (not for machine parsing! this 'format' is not stable)
There are some additional optional arguments:
 -s                            be silent on success
 -o path                       specify alternate file path name for result;
                               the -o option is used with -convert, and is only
                               useful with one file argument (last file overwrites);
                               the path '-' means stdout
 -e extension                  specify alternate extension for converted files
 -r                            if writing JSON, output in human-readable form
 -n                            prevent printing a terminating newline if it is not part of the format
 --                            specifies that all further arguments are file names
Files are replaced atomically: a failed conversion never leaves a half-written file.
Exit status is 0 when every file succeeded, 1 otherwise; errors go to stderr as 'FILE: reason'.

"""
