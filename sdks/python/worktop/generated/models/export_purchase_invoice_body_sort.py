from enum import StrEnum


class ExportPurchaseInvoiceBodySort(StrEnum):
    CREATED_AT = "created_at"
    DUE_DATE = "due_date"
    ID = "id"
    INVOICE_DATE = "invoice_date"
    TOTAL_AMOUNT = "total_amount"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-invoice_date"
    VALUE_7 = "-due_date"
    VALUE_9 = "-total_amount"

    def __str__(self) -> str:
        return str(self.value)
