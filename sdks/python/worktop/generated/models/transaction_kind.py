from enum import StrEnum


class TransactionKind(StrEnum):
    DEPOSIT = "deposit"
    TRANSFER_IN = "transfer_in"
    TRANSFER_OUT = "transfer_out"
    WITHDRAWAL = "withdrawal"

    def __str__(self) -> str:
        return str(self.value)
