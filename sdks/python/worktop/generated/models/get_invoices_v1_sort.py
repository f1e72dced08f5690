from enum import StrEnum


class GetInvoicesV1Sort(StrEnum):
    CREATED_AT = "created_at"
    DUE_DATE = "due_date"
    ID = "id"
    INVOICE_DATE = "invoice_date"
    TOTAL_AMOUNT = "total_amount"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_11 = "-total_amount"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-invoice_date"
    VALUE_9 = "-due_date"

    def __str__(self) -> str:
        return str(self.value)
