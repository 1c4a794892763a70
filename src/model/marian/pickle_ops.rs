//! Python's pickle opcodes (protocols 0 to 5), by the names `pickletools` gives them: the ones
//! `pickle_vm` runs, and every other one so that a refusal can name it.

/// Each opcode as a `const` of its byte, and `opcode_name`, which names a byte.
macro_rules! opcodes {
    ($($name:ident = $byte:literal,)*) => {
        $(
            // every opcode is named for refusals; only those the machine runs are used by name
            #[allow(dead_code)]
            pub(super) const $name: u8 = $byte;
        )*

        /// The name of opcode `byte` in Python's `pickletools`, if it is one.
        pub(super) fn opcode_name(byte: u8) -> Option<&'static str> {
            match byte {
                $($byte => Some(stringify!($name)),)*
                _ => None,
            }
        }
    };
}

opcodes! {
    MARK = b'(',
    STOP = b'.',
    POP = b'0',
    POP_MARK = b'1',
    DUP = b'2',
    FLOAT = b'F',
    INT = b'I',
    BININT = b'J',
    BININT1 = b'K',
    LONG = b'L',
    BININT2 = b'M',
    NONE = b'N',
    PERSID = b'P',
    BINPERSID = b'Q',
    REDUCE = b'R',
    STRING = b'S',
    BINSTRING = b'T',
    SHORT_BINSTRING = b'U',
    UNICODE = b'V',
    BINUNICODE = b'X',
    APPEND = b'a',
    BUILD = b'b',
    GLOBAL = b'c',
    DICT = b'd',
    EMPTY_DICT = b'}',
    APPENDS = b'e',
    GET = b'g',
    BINGET = b'h',
    INST = b'i',
    LONG_BINGET = b'j',
    LIST = b'l',
    EMPTY_LIST = b']',
    OBJ = b'o',
    PUT = b'p',
    BINPUT = b'q',
    LONG_BINPUT = b'r',
    SETITEM = b's',
    TUPLE = b't',
    EMPTY_TUPLE = b')',
    SETITEMS = b'u',
    BINFLOAT = b'G',
    PROTO = 0x80,
    NEWOBJ = 0x81,
    EXT1 = 0x82,
    EXT2 = 0x83,
    EXT4 = 0x84,
    TUPLE1 = 0x85,
    TUPLE2 = 0x86,
    TUPLE3 = 0x87,
    NEWTRUE = 0x88,
    NEWFALSE = 0x89,
    LONG1 = 0x8a,
    LONG4 = 0x8b,
    BINBYTES = b'B',
    SHORT_BINBYTES = b'C',
    SHORT_BINUNICODE = 0x8c,
    BINUNICODE8 = 0x8d,
    BINBYTES8 = 0x8e,
    EMPTY_SET = 0x8f,
    ADDITEMS = 0x90,
    FROZENSET = 0x91,
    NEWOBJ_EX = 0x92,
    STACK_GLOBAL = 0x93,
    MEMOIZE = 0x94,
    FRAME = 0x95,
    BYTEARRAY8 = 0x96,
    NEXT_BUFFER = 0x97,
    READONLY_BUFFER = 0x98,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opcodes_are_named_as_pickletools_names_them() {
        assert_eq!(opcode_name(b'R'), Some("REDUCE"));
        assert_eq!(opcode_name(0x93), Some("STACK_GLOBAL"));
        assert_eq!(opcode_name(b'i'), Some("INST"));
        assert_eq!(opcode_name(0xff), None);
        assert_eq!((1..=255u8).filter_map(opcode_name).count(), 68);
    }
}
